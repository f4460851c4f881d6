mod common;
use manila_odds::Position;
use manila_odds::engine::exact;
use manila_odds::engine::values::CASH;

#[test]
fn generated_positions_validate_and_solve() {
    for seed in 0..300 {
        let p = common::random_position(seed);
        let json = p.to_setup().to_json();
        let back =
            Position::from_json(&json).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{json}"));
        assert_eq!(back, p, "seed {seed}\n{json}");
        let a = exact::advise(p.state(), CASH);
        assert!(!a.options.is_empty());
    }
}
