//! `cargo judge listen`: Competitive Companion's POSTs, sent by a real HTTP client
//! (a TcpStream speaking HTTP/1.1), become workspace problems; a bad request is a
//! 400 that creates nothing; `--once` ends after one whole batch.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use predicates::prelude::*;

use crate::scaffold::theatre_square;
use crate::tempws::TempWs;

/// A child process killed and reaped when dropped, so a failing test leaves no
/// listener or watcher running.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free port on 127.0.0.1 (the OS's pick, released for the listener to take).
fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// A workspace (with poj2484) and `cargo judge listen ARGS` started in it on a
/// free port: the workspace, the port, the process and its stdout's lines.
fn listening(args: &[&str]) -> (TempWs, u16, Reaped, std::sync::mpsc::Receiver<String>) {
    let ws = TempWs::new(&["poj2484"]);
    let port = free_port();
    let (child, lines) = start(&ws, port, args);
    (ws, port, child, lines)
}

/// `cargo judge listen --port PORT ARGS` in `ws`, once it has said it listens;
/// the rest of its stdout goes to the returned lines.
fn start(ws: &TempWs, port: u16, args: &[&str]) -> (Reaped, std::sync::mpsc::Receiver<String>) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
        .current_dir(ws.path(""))
        .env("CARGO_TARGET_DIR", ws.path("target"))
        .env("CARGO_NET_OFFLINE", "true")
        .env("NO_COLOR", "1")
        .args(["listen", "--port", &port.to_string()])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let child = Reaped(child);
    let first = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("listen starts");
    assert!(
        first.starts_with("listening on http://127.0.0.1:"),
        "{first}"
    );
    (child, rx)
}

/// The child's exit status, killing it (and failing) if it is still running
/// after `within`.
fn wait(child: &mut Child, within: Duration) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > within {
            let _ = child.kill();
            let _ = child.wait();
            panic!("listen --once still running after {within:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// POSTs `body` as Competitive Companion does; the status code and how long the
/// answer took.
fn post(port: u16, body: &str) -> (u16, Duration) {
    post_from(port, None, body)
}

/// [`post`] with an `Origin` header, as a browser sends for the page or extension
/// that made the request.
fn post_from(port: u16, origin: Option<&str>, body: &str) -> (u16, Duration) {
    let started = Instant::now();
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let origin = origin.map_or_else(String::new, |o| format!("Origin: {o}\r\n"));
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: localhost:{port}\r\nContent-Type: application/json\r\n\
         {origin}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    s.read_to_string(&mut response).unwrap();
    let code = response
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {response:?}"));
    (code, started.elapsed())
}

/// A problem as Competitive Companion sends it (its README's example format).
fn task(name: &str, url: &str, interactive: bool, tests: &str, batch: &str) -> String {
    format!(
        r#"{{"name":"{name}","group":"A contest","url":"{url}","interactive":{interactive},"memoryLimit":64,"timeLimit":1500,"tests":{tests},"testType":"single","input":{{"type":"stdin"}},"output":{{"type":"stdout"}},"languages":{{"java":{{"mainClass":"Main","taskClass":"Task"}}}},"batch":{{"id":"{batch}","size":4}}}}"#
    )
}

#[test]
fn listen_makes_a_whole_batch_into_problems_and_refuses_a_malformed_body() {
    let (ws, port, mut child, lines) = listening(&["--once"]);
    let (code, took) = post(port, "{\"name\": \"half a problem\"");
    assert_eq!(code, 400);
    assert!(took < Duration::from_millis(500), "{took:?}");
    let rejected = lines.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(
        rejected.starts_with("error: rejected a POST: "),
        "{rejected}"
    );
    assert!(!ws.path("testdata/half-a-problem").exists());
    let batch = "9f1c";
    // Exact bytes: a sample without its final newline and with a CRLF stays so.
    let cf = task(
        "A. Theatre Square",
        "https://codeforces.com/contest/1/problem/A",
        false,
        r#"[{"input":"6 6 4\n","output":"4\n"},{"input":"1 1 1","output":"1\r\n"}]"#,
        batch,
    );
    let atcoder = task(
        "A - Product",
        "https://atcoder.jp/contests/abc086/tasks/abc086_a",
        false,
        r#"[{"input":"3 4\n","output":"Even\n"},{"input":"1 21\n","output":"Odd\n"}]"#,
        batch,
    );
    let checker = task(
        "A + B",
        "https://judge.yosupo.jp/problem/aplusb",
        false,
        r#"[{"input":"1234 5678\n","output":"6912\n"}]"#,
        batch,
    );
    let interactive = task(
        "B. Guess",
        "https://codeforces.com/contest/1/problem/B",
        true,
        r#"[{"input":"5\n","output":"? 1\n! 5\n"}]"#,
        batch,
    );
    for body in [&cf, &atcoder, &checker, &interactive] {
        let (code, took) = post(port, body);
        assert_eq!(code, 200);
        assert!(took < Duration::from_millis(500), "{took:?}");
    }
    let status = wait(&mut child.0, Duration::from_secs(10));
    assert_eq!(status.code(), Some(0), "--once ends with the batch");
    let said: Vec<String> = lines.iter().collect();
    for name in ["cf1a", "abc086_a", "aplusb"] {
        let line = said.iter().find(|l| l.starts_with(&format!("{name}: ")));
        let line = line.unwrap_or_else(|| panic!("no line for {name} in {said:?}"));
        assert!(
            line.contains(&format!("problems/{name}/"))
                && line.ends_with(&format!("next: cargo judge {name}")),
            "{line}"
        );
    }
    assert_eq!(ws.read("testdata/cf1a/01-sample.in"), "6 6 4\n");
    assert_eq!(ws.read("testdata/cf1a/02-sample.in"), "1 1 1");
    assert_eq!(ws.read("testdata/cf1a/02-sample.out"), "1\r\n");
    assert_eq!(ws.read("testdata/abc086_a/02-sample.out"), "Odd\n");
    assert_eq!(ws.read("testdata/aplusb/01-sample.in"), "1234 5678\n");
    let toml = ws.read("testdata/cf1a/problem.toml");
    assert!(
        toml.contains("time_limit = 1.5\nmemory_limit = 64\n"),
        "{toml}"
    );
    assert!(toml.contains("title = \"A. Theatre Square\""), "{toml}");
    assert!(
        toml.contains("url = \"https://codeforces.com/contest/1/problem/A\""),
        "{toml}"
    );
    let toml = ws.read("testdata/cf1b/problem.toml");
    assert!(toml.contains("type = \"interactive\""), "{toml}");
    assert!(ws.read("testdata/cf1b/README.md").contains("? 1\n! 5\n"));
    // Each site's checker, written out and named on its line (none for the
    // interactive one: its interactor decides).
    for (name, checker) in [
        ("cf1a", "tokens"),
        ("abc086_a", "tokens"),
        ("aplusb", "tokens"),
    ] {
        let toml = ws.read(&format!("testdata/{name}/problem.toml"));
        assert!(
            toml.contains(&format!("\nchecker = \"{checker}\"\n")),
            "{toml}"
        );
        let line = said.iter().find(|l| l.starts_with(&format!("{name}: ")));
        assert!(
            line.is_some_and(|l| l.contains(&format!(", checker {checker})"))),
            "{line:?}"
        );
    }
    let cf1b = said.iter().find(|l| l.starts_with("cf1b: ")).unwrap();
    assert!(!cf1b.contains("checker"), "{cf1b}");
    // Its one case is the template's, so "judge it" is not the next step: a green
    // 1/1 AC there would say nothing of this problem.
    assert!(
        cf1b.contains("problems/cf1b/")
            && cf1b.ends_with(
                "next: the dialogue in src/bin/interactor.rs and src/main.rs (until then both \
                 play a placeholder, guess the number, on testdata/cf1b/01-placeholder)"
            ),
        "{cf1b}"
    );
    // The user writes main.rs in their own style: AC on the browser's samples.
    ws.write("problems/cf1a/src/main.rs", theatre_square("u64"));
    ws.judge()
        .arg("cf1a")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("cf1a: 2/2 AC"));
    // An answer Codeforces' wcmp accepts, after a blank line and spaced: AC here too
    // (the exact checker called it PE).
    ws.write(
        "problems/cf1a/src/main.rs",
        theatre_square("u64").replace("println!(\"{}\"", "println!(\"\\n  {}  \""),
    );
    ws.judge()
        .arg("cf1a")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("cf1a: 2/2 AC"));
}

#[test]
fn listen_never_overwrites_a_problem() {
    let (ws, port, child, lines) = listening(&[]);
    let body = |url: &str, sample: &str| {
        task(
            "A. Theatre Square",
            url,
            false,
            &format!(r#"[{{"input":"{sample}","output":"4\n"}}]"#),
            &format!("{url}{sample}"),
        )
        .replace("\"size\":4", "\"size\":1")
    };
    let first = body("https://codeforces.com/contest/1/problem/A", "6 6 4\\n");
    assert_eq!(post(port, &first).0, 200);
    let line = lines.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(line.starts_with("cf1a: problems/cf1a/"), "{line}");
    // The same problem again (a second click): nothing is touched.
    ws.write("problems/cf1a/src/main.rs", "// mine\n");
    assert_eq!(
        post(
            port,
            &body("https://codeforces.com/contest/1/problem/A", "7 7 4\\n")
        )
        .0,
        200
    );
    let line = lines.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(
        line.contains("already here") && line.contains("skipped"),
        "{line}"
    );
    assert_eq!(ws.read("problems/cf1a/src/main.rs"), "// mine\n");
    assert_eq!(ws.read("testdata/cf1a/01-sample.in"), "6 6 4\n");
    // Another problem whose name is taken gets a free one, said so.
    assert_eq!(
        post(
            port,
            &body("https://codeforces.com/problemset/problem/1/A", "8 8 4\\n")
        )
        .0,
        200
    );
    let line = lines.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(
        line.starts_with("cf1a-2: ") && line.contains("not cf1a"),
        "{line}"
    );
    assert_eq!(ws.read("testdata/cf1a-2/01-sample.in"), "8 8 4\n");
    assert_eq!(ws.read("testdata/cf1a/01-sample.in"), "6 6 4\n");
    // A request that is no POST is a 400 too.
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(s, "GET / HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut response = String::new();
    s.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 400 "), "{response}");
    drop(child);
}

/// One lone problem (a batch of 1) from Codeforces with one sample.
fn lone(url: &str, group: &str) -> String {
    task(
        "A. Theatre Square",
        url,
        false,
        r#"[{"input":"6 6 4\n","output":"4\n"}]"#,
        url,
    )
    .replace("\"size\":4", "\"size\":1")
    .replace(
        "\"group\":\"A contest\"",
        &format!("\"group\":{}", serde_json::to_string(group).unwrap()),
    )
}

#[test]
fn a_post_from_a_web_page_is_forbidden_and_creates_nothing() {
    let (ws, port, child, lines) = listening(&[]);
    let body = lone("https://codeforces.com/contest/1/problem/A", "Round 1");
    for page in ["https://evil.example", "http://localhost:8000", "null"] {
        assert_eq!(post_from(port, Some(page), &body).0, 403, "{page}");
        let line = lines.recv_timeout(Duration::from_secs(10)).unwrap();
        assert!(
            line.starts_with("error: refused a request: a request from ")
                && line.contains("(nothing created)"),
            "{line}"
        );
    }
    assert!(!ws.path("problems/cf1a").exists());
    assert!(!ws.path("testdata/cf1a").exists());
    drop(child);
}

#[test]
fn a_post_from_the_extension_or_with_no_origin_is_served() {
    let (ws, port, child, lines) = listening(&[]);
    for (origin, url) in [
        (
            Some("moz-extension://2f9b7c1e-8d5a-4c3b-9e6f-1a2b3c4d5e6f"),
            "https://codeforces.com/contest/1/problem/A",
        ),
        (
            Some("chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl"),
            "https://codeforces.com/contest/2/problem/A",
        ),
        (None, "https://codeforces.com/contest/3/problem/A"),
    ] {
        assert_eq!(post_from(port, origin, &lone(url, "")).0, 200, "{origin:?}");
        let line = lines.recv_timeout(Duration::from_secs(10)).unwrap();
        assert!(line.contains("next: cargo judge cf"), "{line}");
    }
    for name in ["cf1a", "cf2a", "cf3a"] {
        assert_eq!(ws.read(&format!("testdata/{name}/01-sample.in")), "6 6 4\n");
    }
    drop(child);
}

#[test]
fn a_request_s_escape_sequences_never_reach_the_terminal() {
    let ws = TempWs::new(&["poj2484"]);
    let port = free_port();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
        .current_dir(ws.path(""))
        .env("CARGO_TARGET_DIR", ws.path("target"))
        .env("NO_COLOR", "1")
        .args(["listen", "--once", "--port", &port.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    crate::support::wait_until(Duration::from_secs(60), "listen starts", || {
        TcpStream::connect(("127.0.0.1", port)).is_ok()
    });
    // A terminal's clipboard write (OSC 52), a screen clear and a C1 CSI in the
    // group, in a file name, and in a header of a refused request.
    let group = "Round \u{1b}]52;c;ZWNobyBwd25lZA==\u{7}\u{1b}[2J\u{9b}2J 1";
    let body = lone("https://codeforces.com/contest/1/problem/A", group).replace(
        r#""input":{"type":"stdin"}"#,
        r#""input":{"type":"file","fileName":"in\u001b[2J.txt"}"#,
    );
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: nine\u{9b}2J\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    s.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 400 "), "{response}");
    assert_eq!(post(port, &body).0, 200);
    let status = wait(&mut child, Duration::from_secs(10));
    let mut out = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
    child.stderr.take().unwrap().read_to_end(&mut out).unwrap();
    assert_eq!(status.code(), Some(0));
    let text = String::from_utf8(out).unwrap();
    assert!(
        !text.contains(['\u{1b}', '\u{7}', '\u{9b}']),
        "raw escapes on the terminal: {text:?}"
    );
    assert!(
        text.contains("Round ␛]52;c;ZWNobyBwd25lZA==␇␛[2J\\u{9b}2J 1"),
        "{text}"
    );
    assert!(text.contains("in␛[2J.txt"), "{text}");
    assert!(text.contains("nine\\u{9b}2J"), "{text}");
}

#[test]
fn the_testdata_readme_describes_the_samples_listen_wrote() {
    let (ws, port, child, lines) = listening(&[]);
    let body = task(
        "A. Theatre Square",
        "https://codeforces.com/contest/1/problem/A",
        false,
        r#"[{"input":"6 6 4\n","output":"4\n"},{"input":"1 1 1\n","output":"1\n"}]"#,
        "b1",
    )
    .replace("\"size\":4", "\"size\":1");
    assert_eq!(post(port, &body).0, 200);
    lines.recv_timeout(Duration::from_secs(10)).unwrap();
    let readme = ws.read("testdata/cf1a/README.md");
    assert!(
        readme.contains(
            "`01-sample` to `02-sample` (`.in` and `.out`) are the statement's 2 samples, as \
             Competitive Companion from <https://codeforces.com/contest/1/problem/A> sent them."
        ),
        "{readme}"
    );
    assert!(!readme.contains("no case until"), "{readme}");
    drop(child);
}

#[test]
fn a_title_beyond_ascii_is_named_from_its_url_timus_and_cses_included() {
    let (ws, port, child, lines) = listening(&[]);
    for (title, url, name) in [
        (
            "Задача A+B",
            "https://acm.timus.ru/problem.aspx?space=1&num=1000",
            "timus1000",
        ),
        (
            "小明的游戏",
            "https://www.luogu.com.cn/problem/P1001",
            "p1001",
        ),
        (
            "Weird Algorithm",
            "https://cses.fi/problemset/task/1068",
            "cses1068",
        ),
    ] {
        let body = task(
            title,
            url,
            false,
            r#"[{"input":"1 2\n","output":"3\n"}]"#,
            name,
        )
        .replace("\"size\":4", "\"size\":1");
        assert_eq!(post(port, &body).0, 200);
        let said = lines.recv_timeout(Duration::from_secs(10)).unwrap();
        assert!(
            said.starts_with(&format!("{name}: problems/{name}/ ")),
            "{said}"
        );
        // Sites whose whitespace rule is not known here keep the strict checker.
        assert!(said.contains(", checker exact)"), "{said}");
        let toml = ws.read(&format!("testdata/{name}/problem.toml"));
        assert!(toml.contains(&format!("title = \"{title}\"")), "{toml}");
    }
    let toml = ws.read("testdata/timus1000/problem.toml");
    assert!(toml.contains("judge = \"Timus\"\nid = \"1000\""), "{toml}");
    drop(child);
}

#[test]
fn a_problem_sent_with_no_sample_is_nothing_to_judge_in_every_report() {
    let (ws, port, child, lines) = listening(&[]);
    let body = task(
        "A. Theatre Square",
        "https://codeforces.com/contest/1/problem/A",
        false,
        "[]",
        "b1",
    )
    .replace("\"size\":4", "\"size\":1");
    assert_eq!(post(port, &body).0, 200);
    lines.recv_timeout(Duration::from_secs(10)).unwrap();
    drop(child);
    let said = "nothing to judge: testdata/cf1a/ has no test cases (NAME.in with NAME.out); \
                `cargo judge add cf1a` pastes the statement's sample";
    // Not "1/1 AC" on an empty case: the human report says it, once, and fails.
    let out = ws.judge().arg("cf1a").assert().code(2).get_output().clone();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches(said).count(), 1, "{stderr}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("AC"));
    let report = crate::support::json_report(ws.judge().args(["cf1a", "--format", "json"]), 2);
    assert_eq!(report["ok"], false, "{report}");
    assert_eq!(
        report["cases"].as_array().map(Vec::len),
        Some(0),
        "{report}"
    );
    assert_eq!(report["errors"][0], said, "{report}");
    ws.judge()
        .args(["cf1a", "--junit", "junit.xml"])
        .assert()
        .code(2);
    let junit = ws.read("junit.xml");
    assert!(junit.contains("errors=\"1\""), "{junit}");
    assert!(
        junit.contains("<error type=\"ERR\" message=\"nothing to judge: testdata/cf1a/"),
        "{junit}"
    );
}

#[test]
fn a_sample_sent_with_no_input_and_no_output_is_not_written() {
    // What the extension sends when it could not read a page's samples: judged, the
    // placeholder (which prints nothing on no input) would be "1/1 AC" on nothing.
    let (ws, port, child, lines) = listening(&[]);
    let body = task(
        "C. Unread",
        "https://codeforces.com/contest/1999/problem/C",
        false,
        r#"[{"input":"","output":""},{"input":"\n","output":" \n"}]"#,
        "b1",
    );
    assert_eq!(post(port, &body).0, 200);
    let said = lines.recv_timeout(Duration::from_secs(10)).unwrap();
    let note = lines.recv_timeout(Duration::from_secs(10)).unwrap();
    drop(child);
    assert!(
        said.contains("(0 samples, ")
            && said.ends_with("next: cargo judge add cf1999c (paste the statement's sample)"),
        "{said}"
    );
    assert_eq!(
        note,
        "note: cf1999c: Competitive Companion sent 2 samples with no input and no output (the \
         page's samples were not read): not written, as such a case tests nothing"
    );
    assert!(!ws.path("testdata/cf1999c/01-sample.in").exists());
    ws.judge()
        .arg("cf1999c")
        .assert()
        .code(2)
        .stdout(predicate::str::contains("AC").not());
}

#[test]
fn watch_judges_again_after_a_save() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "cf1a"]).assert().code(0);
    ws.write("testdata/cf1a/01-sample.in", "6 6 4\n");
    ws.write("testdata/cf1a/01-sample.out", "4\n");
    ws.write("problems/cf1a/src/main.rs", theatre_square("u64"));
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
        .current_dir(ws.path(""))
        .env("CARGO_TARGET_DIR", ws.path("target"))
        .env("CARGO_NET_OFFLINE", "true")
        .env("NO_COLOR", "1")
        .args(["watch", "cf1a"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let child = Reaped(child);
    let (tx, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    // Each round ends with the "watching" line; what it judged is above it.
    let round = || {
        let mut seen = Vec::new();
        loop {
            let line = lines
                .recv_timeout(Duration::from_secs(120))
                .unwrap_or_else(|_| panic!("no round ended; saw {seen:?}"));
            if line.starts_with("watching problems/cf1a/") {
                return (seen, line);
            }
            seen.push(line);
        }
    };
    let (first, end) = round();
    assert!(
        first.iter().any(|l| l.starts_with("ok   cf1a: 1/1 AC")),
        "{first:?}"
    );
    assert!(end.contains("(all AC)"), "{end}");
    // A save of a testdata file starts the next round.
    ws.write("testdata/cf1a/02-wrong.in", "1 1 1\n");
    ws.write("testdata/cf1a/02-wrong.out", "2\n");
    let (second, end) = round();
    assert!(
        second.iter().any(|l| l.starts_with("WA  cf1a/02-wrong")),
        "{second:?}"
    );
    assert!(end.contains("(not all AC)"), "{end}");
    drop(child);
}

#[test]
fn a_refused_post_gets_its_403_however_much_body_was_left_unread() {
    let (_ws, port, child, lines) = listening(&[]);
    // A body far larger than the sockets' buffers: refused on its head, it is
    // still being sent when the reply goes out.
    let body = lone(
        "https://codeforces.com/contest/1/problem/A",
        &"x".repeat(4 << 20),
    );
    assert_eq!(post_from(port, Some("https://evil.example"), &body).0, 403);
    let line = lines.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(line.starts_with("error: refused a request: "), "{line}");
    drop(child);
}
