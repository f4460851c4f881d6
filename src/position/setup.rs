//! The unchecked position of POSITION.md, field for field.
//!
//! A [`Setup`] holds whatever the input said, with numbers kept wide so that
//! validation ([`super::validate`]) can name a bad value instead of serde
//! rejecting it with a type error. Serialising a validated position goes back
//! through a `Setup` ([`super::back`]), so the JSON written is the JSON read.
//! JSON itself is read and written in [`crate::parse::json`].

use crate::rules::{Cargo, PhaseName};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A voyage position as POSITION.md writes it; nothing is checked yet.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub players: Vec<String>,
    pub harbour_master: String,
    pub rolls_done: i64,
    #[serde(default)]
    pub phase: PhaseName,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boarding_next: Option<i64>,
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "objects"
    )]
    pub boarded: Vec<BoardedSeat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<i64>,
    #[serde(deserialize_with = "objects")]
    pub ships: Vec<ShipSetup>,
    #[serde(default, deserialize_with = "object")]
    pub harbour: Berths,
    #[serde(default, deserialize_with = "object")]
    pub shipyard: Berths,
    #[serde(default)]
    pub pirates: Vec<String>,
    #[serde(default, deserialize_with = "object")]
    pub pilots: Pilots,
    #[serde(default)]
    pub insurance: Option<String>,
    #[serde(default)]
    pub passed: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workers: Option<i64>,
    #[serde(default, deserialize_with = "object")]
    pub variant: VariantSetup,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "unique_map"
    )]
    pub cash: Option<BTreeMap<String, i64>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "unique_shares"
    )]
    pub shares: Option<BTreeMap<String, BTreeMap<Cargo, i64>>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "unique_map"
    )]
    pub prices: Option<BTreeMap<Cargo, i64>>,
}

/// One entry of `ships`: `position` at sea, or `docked: true`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipSetup {
    pub cargo: Cargo,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub docked: Option<bool>,
    #[serde(default)]
    pub crew: Vec<String>,
}

/// A seat a pirate took earlier in the same boarding step (strong pirates).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardedSeat {
    pub cargo: Cargo,
    pub seat: i64,
}

/// Owners of berths A, B, C.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Berths {
    #[serde(rename = "A", default)]
    pub a: Option<String>,
    #[serde(rename = "B", default)]
    pub b: Option<String>,
    #[serde(rename = "C", default)]
    pub c: Option<String>,
}

impl Berths {
    pub fn slots(&self) -> [&Option<String>; 3] {
        [&self.a, &self.b, &self.c]
    }
}

/// Owners of the two pilots.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pilots {
    #[serde(default)]
    pub small: Option<String>,
    #[serde(default)]
    pub large: Option<String>,
}

/// The rule variants (R7 strong pirates, R9 thirteen wrecks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSetup {
    #[serde(default)]
    pub strong_pirates: bool,
    #[serde(default)]
    pub thirteen_wrecks: bool,
}

/// A value that must be written as an object. serde's derived structs also
/// read a sequence of their fields in order (`"harbour": ["b"]`), which
/// POSITION.md does not allow: this reads maps only.
pub struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Visit<T> {
            type Value = Object<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(Object)
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}

fn object<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Object::<T>::deserialize(d)?.0)
}

/// A list whose entries must be objects.
fn objects<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    let list = Vec::<Object<T>>::deserialize(d)?;
    Ok(list.into_iter().map(|o| o.0).collect())
}

/// A JSON object whose keys must not repeat: serde would keep the last silently.
struct Unique<K, V>(BTreeMap<K, V>);

impl<'de, K, V> Deserialize<'de> for Unique<K, V>
where
    K: Deserialize<'de> + Ord + std::fmt::Display,
    V: Deserialize<'de>,
{
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<K, V>(std::marker::PhantomData<(K, V)>);
        impl<'de, K, V> serde::de::Visitor<'de> for Visit<K, V>
        where
            K: Deserialize<'de> + Ord + std::fmt::Display,
            V: Deserialize<'de>,
        {
            type Value = Unique<K, V>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut out = BTreeMap::new();
                while let Some((key, value)) = map.next_entry::<K, V>()? {
                    if out.contains_key(&key) {
                        return Err(serde::de::Error::custom(format!("duplicate key '{key}'")));
                    }
                    out.insert(key, value);
                }
                Ok(Unique(out))
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}

fn unique_map<'de, D, K, V>(d: D) -> Result<Option<BTreeMap<K, V>>, D::Error>
where
    D: serde::Deserializer<'de>,
    K: Deserialize<'de> + Ord + std::fmt::Display,
    V: Deserialize<'de>,
{
    Ok(Option::<Unique<K, V>>::deserialize(d)?.map(|u| u.0))
}

type Shares = BTreeMap<String, BTreeMap<Cargo, i64>>;

fn unique_shares<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Shares>, D::Error> {
    let outer = Option::<Unique<String, Unique<Cargo, i64>>>::deserialize(d)?;
    Ok(outer.map(|u| u.0.into_iter().map(|(k, v)| (k, v.0)).collect()))
}
