//! External bots: programs that speak `../shared/BOTS.md` on their standard
//! input and output, started with `sh -c`, one instance per worker thread.
//!
//! The referee writes one JSON request a line and reads one JSON answer a
//! line. Anything else (garbage, the wrong id, an option not offered, no answer
//! within the time limit, an early exit) is a [`Fault`]: the arena stops, every
//! bot is stopped, and the fault names the bot, the request and the answer.

use crate::engine::arena::{Ask, Fault, LayoutAsk, Maker, Policy, seat_names};
use crate::parse::{json, layout};
use crate::position::Position;
use crate::rules::{Action, Layout};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The protocol's version (BOTS.md).
pub const PROTOCOL: u64 = 1;

/// How long a bot may take to exit after `bye` before it is killed.
const BYE_GRACE: Duration = Duration::from_millis(500);

/// A bot command, as `cmd:COMMAND` names it.
pub struct Bot {
    pub command: String,
    /// How long one answer may take.
    pub timeout: Duration,
}

impl Maker for Bot {
    fn name(&self) -> String {
        format!("cmd:{}", self.command)
    }

    fn make(&self) -> Result<Box<dyn Policy>, Fault> {
        Ok(Box::new(Instance::start(self)?))
    }
}

/// Sends each line of `reader` (without its line ending) until it ends or
/// nobody listens, keeping a line begun in `partial` while its end is awaited.
fn read_lines(
    mut reader: impl BufRead,
    partial: &Mutex<Vec<u8>>,
    send: &Sender<Result<String, String>>,
) {
    while let Ok(buf) = reader.fill_buf() {
        let Ok(mut begun) = partial.lock() else { break };
        if buf.is_empty() {
            // The output ended: a last line without its line ending is one.
            if !begun.is_empty() {
                let _ = send.send(utf8(std::mem::take(&mut *begun)));
            }
            break;
        }
        let Some(end) = buf.iter().position(|&b| b == b'\n') else {
            begun.extend_from_slice(buf);
            let n = buf.len();
            drop(begun);
            reader.consume(n);
            continue;
        };
        begun.extend_from_slice(&buf[..end]);
        let mut bytes = std::mem::take(&mut *begun);
        drop(begun);
        reader.consume(end + 1);
        if bytes.ends_with(b"\r") {
            bytes.pop();
        }
        if send.send(utf8(bytes)).is_err() {
            break;
        }
    }
}

/// A line as text, or lossily as `Err` when it is not UTF-8.
fn utf8(bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// One running bot.
struct Instance {
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    /// Lines of its standard output, read by a thread of their own so that a
    /// silent bot can be timed out; one that is not UTF-8 as `Err`, lossily.
    lines: Receiver<Result<String, String>>,
    /// The bytes of a line begun and not yet ended.
    partial: Arc<Mutex<Vec<u8>>>,
    timeout: Duration,
    next_id: u64,
}

impl Instance {
    fn start(bot: &Bot) -> Result<Instance, Fault> {
        let label = format!("bot 'cmd:{}'", bot.command);
        let fault = |why: String| Fault {
            policy: label.clone(),
            request: None,
            answer: None,
            why,
        };
        // A process group of its own, so that stopping it stops what `sh` started.
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&bot.command)
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| fault(format!("cannot start it: {e}")))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| fault("no standard output".into()))?;
        let (send, lines) = channel();
        let partial = Arc::new(Mutex::new(Vec::new()));
        let unfinished = Arc::clone(&partial);
        std::thread::spawn(move || read_lines(BufReader::new(stdout), &unfinished, &send));
        let mut instance = Instance {
            label,
            stdin: child.stdin.take(),
            child,
            lines,
            partial,
            timeout: bot.timeout,
            next_id: 1,
        };
        instance.hello()?;
        Ok(instance)
    }

    fn fault(&self, request: Option<u64>, answer: Option<String>, why: &str) -> Fault {
        Fault {
            policy: self.label.clone(),
            request,
            answer,
            why: why.to_string(),
        }
    }

    fn send(&mut self, request: Option<u64>, message: &Value) -> Result<(), Fault> {
        let line = format!("{message}\n");
        let written = self
            .stdin
            .as_mut()
            .map(|s| s.write_all(line.as_bytes()).and_then(|_| s.flush()));
        match written {
            Some(Ok(())) => Ok(()),
            _ => Err(self.fault(request, None, "it exited before the request was sent")),
        }
    }

    /// The answer to `request`: one line of JSON, an object.
    fn answer(&mut self, request: Option<u64>) -> Result<(Value, String), Fault> {
        let line = match self.lines.recv_timeout(self.timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                let seconds = self.timeout.as_secs_f64();
                // A line begun and never ended is shown: the bot may be
                // waiting to flush, or have written a newline nowhere.
                let begun = self.partial.lock().map(|b| b.clone()).unwrap_or_default();
                if !begun.is_empty() {
                    let text = String::from_utf8_lossy(&begun).into_owned();
                    let why = format!("no end of line within {seconds} s");
                    return Err(self.fault(request, Some(text), &why));
                }
                let why = format!("no answer within {seconds} s");
                return Err(self.fault(request, None, &why));
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(self.fault(
                    request,
                    None,
                    "it exited or closed its output without answering",
                ));
            }
        };
        let line = match line {
            Ok(line) => line,
            Err(lossy) => return Err(self.fault(request, Some(lossy), "not UTF-8 text")),
        };
        // Read as every JSON input is: a key given twice is refused, not
        // silently the last.
        match json::value(&line) {
            Ok(v) if v.is_object() => Ok((v, line)),
            Ok(_) => Err(self.fault(request, Some(line), "not one line of JSON (an object)")),
            Err(e) => {
                // A number out of range is JSON, and named alone.
                let why = match e.out_of_range {
                    true => e.to_string(),
                    false => format!("not one line of JSON (an object): {e}"),
                };
                Err(self.fault(request, Some(line), &why))
            }
        }
    }

    fn hello(&mut self) -> Result<(), Fault> {
        self.send(None, &json!({"type": "hello", "protocol": PROTOCOL}))?;
        let (v, line) = self.answer(None)?;
        match (v["type"].as_str(), v["name"].as_str()) {
            (Some("hello"), Some(name)) => {
                self.label = format!("{} (\"{name}\")", self.label);
                Ok(())
            }
            _ => Err(self.fault(
                None,
                Some(line),
                "expected {\"type\":\"hello\",\"name\":...}",
            )),
        }
    }

    /// Sends a request with a fresh id and returns the answer's `field`.
    fn ask(&mut self, mut request: Value, field: &str) -> Result<(u64, String, String), Fault> {
        let id = self.next_id;
        self.next_id += 1;
        request["id"] = json!(id);
        self.send(Some(id), &request)?;
        let (v, line) = self.answer(Some(id))?;
        if v["id"].as_u64() != Some(id) {
            return Err(self.fault(Some(id), Some(line), "the wrong id"));
        }
        match v[field].as_str() {
            Some(text) => Ok((id, text.to_string(), line)),
            None => Err(self.fault(Some(id), Some(line), &format!("no \"{field}\""))),
        }
    }
}

/// The POSITION.md JSON of a position, as one value.
fn position_json(position: &Position) -> Value {
    serde_json::to_value(position.to_setup()).unwrap_or(Value::Null)
}

impl Policy for Instance {
    fn decide(&mut self, ask: &Ask) -> Result<Action, Fault> {
        let names: Vec<String> = ask.options.iter().map(|a| a.to_string()).collect();
        let request = json!({
            "type": "decide",
            "seat": ask.position.name(ask.seat),
            "position": position_json(ask.position),
            "options": names,
        });
        let (id, action, line) = self.ask(request, "action")?;
        match names.iter().position(|n| *n == action) {
            Some(k) => Ok(ask.options[k]),
            None => Err(self.fault(Some(id), Some(line), "an action that was not offered")),
        }
    }

    fn layout(&mut self, ask: &LayoutAsk) -> Result<Layout, Fault> {
        let names: Vec<String> = ask.options.iter().map(|&l| layout::name(l)).collect();
        let mut start = position_json(ask.start);
        if let Some(map) = start.as_object_mut() {
            map.remove("ships");
        }
        let request = json!({
            "type": "layout",
            "seat": ask.start.name(ask.seat),
            "start": start,
            "options": names,
        });
        let (id, chosen, line) = self.ask(request, "layout")?;
        match names.iter().position(|n| *n == chosen) {
            Some(k) => Ok(ask.options[k]),
            None => Err(self.fault(Some(id), Some(line), "a layout that was not offered")),
        }
    }

    fn result(&mut self, deal: u64, profits: &[i64]) -> Result<(), Fault> {
        let profits: serde_json::Map<String, Value> = profits
            .iter()
            .zip(seat_names(profits.len() as u8))
            .map(|(p, name)| (name, json!(p)))
            .collect();
        self.send(
            None,
            &json!({"type": "result", "deal": deal, "profits": profits}),
        )
    }

    fn finish(&mut self) {
        let _ = self.send(None, &json!({"type": "bye"}));
        self.stdin = None;
        let waited = std::time::Instant::now();
        while waited.elapsed() < BYE_GRACE {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Instance {
    /// Every bot is stopped at the end of a run, and on a fault.
    fn drop(&mut self) {
        self.stdin = None;
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
