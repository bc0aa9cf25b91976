//! Competitive Companion's problem JSON, read into what a new workspace problem
//! needs: a crate name from the URL, the title, the limits and the samples.
//!
//! The format is the one Competitive Companion POSTs to a local port ("Custom tools",
//! "The format" in jmerle/competitive-companion's README; `src/models/Task.ts`):
//! `name`, `group`, `url`, `interactive` (optional), `memoryLimit` in MB,
//! `timeLimit` in ms, `tests[{input, output}]`, `testType`, `input`, `output`,
//! `languages.java.{mainClass, taskClass}`, and `batch{id, size}` (a contest is
//! `size` POSTs sharing one `id`). Unknown fields are ignored: the extension adds
//! fields over time. Owns reading the JSON and naming; the HTTP side and creating
//! the folders are the `listen` command's.

use anyhow::{Result, bail};
use serde::Deserialize;

/// One problem as Competitive Companion sends it (the fields the judge uses).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    /// The full name, e.g. "A. Theatre Square".
    pub name: String,
    /// The contest or set it belongs to.
    #[serde(default)]
    pub group: String,
    /// The problem's page.
    pub url: String,
    /// Whether the problem is interactive (optional in the format).
    #[serde(default)]
    pub interactive: bool,
    /// The memory limit in MB.
    pub memory_limit: f64,
    /// `timeLimit`: the time limit in ms, as sent ([`Task::time_limit_duration`]
    /// is what the judge carries).
    #[serde(rename = "timeLimit")]
    pub time_limit_ms: f64,
    /// The samples; the format says each input and output ends with a newline, but
    /// they are kept byte for byte as sent.
    pub tests: Vec<Sample>,
    /// How the program reads its input: `{"type": "stdin"}` or a file.
    #[serde(default)]
    pub input: Option<Stream>,
    /// How the program writes its output.
    #[serde(default)]
    pub output: Option<Stream>,
    /// The contest batch this problem is part of.
    #[serde(default)]
    pub batch: Option<Batch>,
}

/// One sample test.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Sample {
    /// Its input.
    pub input: String,
    /// Its expected output.
    pub output: String,
}

impl Sample {
    /// Whether input and output are both blank (whitespace at most): what the
    /// extension sends when it could not read a page's samples. Such a case tests
    /// nothing (a solution printing nothing on no input passes it), so it is no sample.
    pub fn is_blank(&self) -> bool {
        self.input.trim().is_empty() && self.output.trim().is_empty()
    }
}

/// An `input` or `output` object: `{"type": "stdin"}`, or `{"type": "file",
/// "fileName": "input.txt"}`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stream {
    /// `stdin`, `stdout`, `file` or `regex`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The file for `file`.
    #[serde(default)]
    pub file_name: Option<String>,
}

/// `batch`: the POSTs of one contest share `id`; there are `size` of them.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Batch {
    /// Shared by the batch's problems.
    pub id: String,
    /// How many problems the batch has.
    pub size: u64,
}

impl Task {
    /// Reads one POST body; the error is one line (serde's, with line and column).
    pub fn parse(body: &[u8]) -> Result<Task> {
        let task: Task = match serde_json::from_slice(body) {
            Ok(t) => t,
            Err(e) => bail!("not Competitive Companion's problem JSON: {e}"),
        };
        let ms = task.time_limit_ms;
        if !(ms.is_finite() && ms > 0.0 && ms <= 3.6e6) {
            bail!(
                "timeLimit: expected milliseconds in (0, 3600000], found {}",
                ms
            );
        }
        if !(task.memory_limit.is_finite() && task.memory_limit > 0.0 && task.memory_limit <= 1e6) {
            bail!(
                "memoryLimit: expected megabytes in (0, 1000000], found {}",
                task.memory_limit
            );
        }
        if task.name.trim().is_empty() {
            bail!("name: empty");
        }
        if let Some(b) = &task.batch
            && b.size == 0
        {
            bail!("batch.size: 0");
        }
        Ok(task)
    }

    /// The time limit (the task's milliseconds, checked by [`Task::parse`]).
    pub fn time_limit_duration(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.time_limit_ms / 1000.0)
    }

    /// The memory limit in MiB (the judges' "MB" means MiB), at least 1.
    pub fn memory_limit_mib(&self) -> u64 {
        (self.memory_limit.ceil() as u64).max(1)
    }

    /// The crate name this problem gets (see [`name_for`]).
    pub fn crate_name(&self) -> String {
        name_for(&self.url, &self.name)
    }

    /// `--source` for the problem: "Codeforces 1A URL" where the site is known
    /// (judge and id, then the URL), else the URL alone; `None` without a URL.
    pub fn source(&self) -> Option<String> {
        let url = self.url.trim();
        if url.is_empty() || url.contains(char::is_whitespace) {
            return None;
        }
        Some(match site(url) {
            Some((judge, id)) => format!("{judge} {id} {url}"),
            None => url.to_string(),
        })
    }

    /// The files the problem reads or writes instead of stdin and stdout, if any
    /// (the judge feeds stdin and reads stdout, so the user is told).
    pub fn file_io(&self) -> Vec<String> {
        [&self.input, &self.output]
            .into_iter()
            .flatten()
            .filter(|s| s.kind == "file")
            .filter_map(|s| s.file_name.clone())
            .collect()
    }
}

/// A crate name for the problem at `url` called `name`, from the URL where the
/// site is known: Codeforces `contest/1/problem/A` and `problemset/problem/1/A`
/// → `cf1a` (gym: `cfgym100001b`), AtCoder `tasks/abc086_a` → `abc086_a`, Kattis
/// `problems/hello` → `hello`, Library Checker `problem/aplusb` → `aplusb`, Timus
/// `problem.aspx?space=1&num=1000` → `timus1000`, CSES `problemset/task/1068` →
/// `cses1068`, HDU `showproblem.php?pid=1846` → `hdu1846`, POJ `problem?id=2348` →
/// `poj2348` (as the shipped hdu1525 and poj2348 are named); elsewhere from the name ("G. Castle Defense" → `g-castle-defense`)
/// when it is written in ASCII. A name with letters or digits beyond ASCII ("Сумма",
/// "小明的游戏", "Café") would lose them, so it is named from the URL instead (its
/// last path segment and query values: `luogu.com.cn/problem/P1001` → `p1001`),
/// and without a usable URL `problem-` and 8 hex digits of a hash of the name
/// (stable: the same title gets the same name). Always a valid name's shape
/// (lowercase ASCII letters, digits, `-`, `_`, a letter first, at most 64
/// characters; cargo's own rule is ASCII letters, digits, `-` and `_`, no digit
/// first); whether it is free is the caller's question.
pub fn name_for(url: &str, name: &str) -> String {
    let from_site = site(url).map(|(judge, id)| match judge {
        "Codeforces" => format!("cf{id}"),
        "Codeforces-Gym" => format!("cfgym{id}"),
        "Timus" => format!("timus{id}"),
        "CSES" => format!("cses{id}"),
        "HDU" => format!("hdu{id}"),
        "POJ" => format!("poj{id}"),
        _ => id,
    });
    let beyond_ascii = name.chars().any(|c| !c.is_ascii() && c.is_alphanumeric());
    let slug = [
        from_site,
        (!beyond_ascii).then(|| name.to_string()),
        Some(url_words(url)),
    ]
    .into_iter()
    .flatten()
    .map(|text| slug(&text))
    .find(|slug| !slug.is_empty())
    .unwrap_or_else(|| format!("problem-{:08x}", fnv1a(name.trim())));
    if slug.starts_with(|c: char| c.is_ascii_lowercase()) {
        slug
    } else {
        truncate(format!("p{slug}"))
    }
}

/// The words of a URL on no known site that may name its problem: the last path
/// segment without its extension, then the query's values (`showproblem.php?pid=1846`
/// → `showproblem 1846`). Percent-encoded parts (a title in the URL) are left out.
fn url_words(url: &str) -> String {
    let Some((_, after_scheme)) = url.trim().split_once("://") else {
        return String::new();
    };
    let rest = after_scheme.split('#').next().unwrap_or("");
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let path = path.split_once('/').map_or("", |(_, path)| path);
    let last = path.rsplit('/').find(|s| !s.is_empty()).unwrap_or("");
    let last = last.rsplit_once('.').map_or(last, |(stem, _)| stem);
    std::iter::once(last)
        .chain(
            query
                .split('&')
                .filter_map(|kv| kv.split_once('=').map(|(_, v)| v)),
        )
        .filter(|w| !w.contains('%'))
        .collect::<Vec<_>>()
        .join(" ")
}

/// FNV-1a, 32 bits: a hash that is the same on every machine and run (std's
/// `DefaultHasher` makes no such promise), for a name made from a title.
fn fnv1a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The judge and problem id of a URL on a site the judge knows: Codeforces
/// (`1A`), its gym, AtCoder (`abc086_a`), Kattis (`hello`), Library Checker
/// (`aplusb`), Timus (`1000`, its problem set: space 1), CSES (`1068`), HDU
/// (`1846`), POJ (`2348`).
pub fn site(url: &str) -> Option<(&'static str, String)> {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let (host, path) = after_scheme.split_once('/').unwrap_or((after_scheme, ""));
    let host = host
        .strip_prefix("www.")
        .unwrap_or(host)
        .to_ascii_lowercase();
    let path = path.split('#').next().unwrap_or("");
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    if let Some(id) = timus(&host, &parts, query) {
        return Some(("Timus", id));
    }
    match (host.as_str(), parts.as_slice()) {
        ("acm.hdu.edu.cn" | "vjudge.hdu.edu.cn", ["showproblem.php"]) => {
            number_param(query, "pid").map(|id| ("HDU", id.to_string()))
        }
        ("poj.org", ["problem"]) => number_param(query, "id").map(|id| ("POJ", id.to_string())),
        ("cses.fi", ["problemset", "task", id, ..]) if is_number(id) => {
            Some(("CSES", id.to_string()))
        }
        (h, ["contest" | "problemset", ..]) if !h.ends_with("codeforces.com") => None,
        (_, ["contest", c, "problem", p, ..] | ["problemset", "problem", c, p, ..]) => {
            Some(("Codeforces", format!("{c}{p}")))
        }
        (h, ["gym", c, "problem", p, ..]) if h.ends_with("codeforces.com") => {
            Some(("Codeforces-Gym", format!("{c}{p}")))
        }
        (h, ["contests", _, "tasks", task, ..]) if h.ends_with("atcoder.jp") => {
            Some(("AtCoder", task.to_string()))
        }
        (h, ["problems", id, ..]) if h.ends_with("kattis.com") => Some(("Kattis", id.to_string())),
        ("judge.yosupo.jp", ["problem", id, ..]) => Some(("Library-Checker", id.to_string())),
        _ => None,
    }
}

/// Timus Online Judge's `problem.aspx?space=1&num=1000` (acm.timus.ru, or
/// timus.online): the problem set's number; another `space` is a contest's.
fn timus(host: &str, parts: &[&str], query: &str) -> Option<String> {
    if !(["acm.timus.ru", "timus.ru", "timus.online"].contains(&host)
        && parts.len() == 1
        && parts[0].eq_ignore_ascii_case("problem.aspx"))
    {
        return None;
    }
    let num = number_param(query, "num")?;
    matches!(param(query, "space"), None | Some("1")).then(|| num.to_string())
}

/// The value of `key` in a URL's query (`a=1&b=2`), its case aside.
fn param<'q>(query: &'q str, key: &str) -> Option<&'q str> {
    query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v)
}

/// [`param`] when it is a number.
fn number_param<'q>(query: &'q str, key: &str) -> Option<&'q str> {
    param(query, key).filter(|n| is_number(n))
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Lowercase ascii letters, digits and `_` kept; every other run of characters
/// one `-`; no `-` at either end; at most 64 characters.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    truncate(out.trim_end_matches('-').to_string())
}

fn truncate(mut s: String) -> String {
    s.truncate(64);
    s.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_url_where_the_site_is_known_else_from_the_name() {
        for (url, name, want) in [
            (
                "https://codeforces.com/contest/1/problem/A",
                "A. Theatre Square",
                "cf1a",
            ),
            (
                "https://codeforces.com/problemset/problem/954/G",
                "G. Castle Defense",
                "cf954g",
            ),
            (
                "https://codeforces.com/contest/1799/problem/F1?locale=en",
                "F1. x",
                "cf1799f1",
            ),
            (
                "https://codeforces.com/gym/100001/problem/B",
                "B. y",
                "cfgym100001b",
            ),
            (
                "https://atcoder.jp/contests/abc086/tasks/abc086_a",
                "A - Product",
                "abc086_a",
            ),
            (
                "https://open.kattis.com/problems/hello",
                "Hello World!",
                "hello",
            ),
            ("https://judge.yosupo.jp/problem/aplusb", "A + B", "aplusb"),
            (
                "https://www.spoj.com/problems/TEST/",
                "Life, the Universe, and Everything",
                "life-the-universe-and-everything",
            ),
            (
                "https://codeforces.com/contest/1/standings",
                "G. Castle Defense",
                "g-castle-defense",
            ),
            ("", "  42 -- The Answer  ", "p42-the-answer"),
            ("https://open.kattis.com/problems/2048", "2048", "p2048"),
            (
                "https://acm.timus.ru/problem.aspx?space=1&num=1000",
                "1000. A+B Problem",
                "timus1000",
            ),
            (
                "https://timus.online/problem.aspx?num=1001&space=1",
                "Reverse Root",
                "timus1001",
            ),
            (
                "https://acm.timus.ru/problem.aspx?space=221&num=3",
                "C. Contest Problem",
                "c-contest-problem",
            ),
            (
                "https://cses.fi/problemset/task/1068",
                "Weird Algorithm",
                "cses1068",
            ),
            (
                "https://cses.fi/problemset/task/1068/",
                "Weird Algorithm",
                "cses1068",
            ),
            // Letters beyond ASCII would be lost: the URL names the problem.
            (
                "https://www.luogu.com.cn/problem/P1001",
                "A+B Problem 的游戏",
                "p1001",
            ),
            (
                "https://acm.timus.ru/problem.aspx?space=1&num=1000",
                "Задача A+B",
                "timus1000",
            ),
            (
                "https://codeforces.com/contest/1/problem/A",
                "A. Театральная площадь",
                "cf1a",
            ),
            (
                "https://acm.hdu.edu.cn/showproblem.php?pid=1846",
                "Brave Game 巴什博弈",
                "hdu1846",
            ),
            (
                "http://acm.hdu.edu.cn/showproblem.php?pid=1525",
                "Euclid's Game",
                "hdu1525",
            ),
            ("http://poj.org/problem?id=2348", "Euclid's Game", "poj2348"),
            ("http://poj.org/problemlist", "Problems", "problems"),
            (
                "https://example.com/showproblem.php?pid=7",
                "Seven 七",
                "showproblem-7",
            ),
            ("https://example.com/x", "小明的游戏", "x"),
            ("http://example.com/tasks/Café", "Café", "caf"),
            // Punctuation beyond ASCII loses no letter: the title still names it.
            ("", "A – B “quoted”", "a-b-quoted"),
        ] {
            assert_eq!(name_for(url, name), want, "{url} {name:?}");
        }
        let long = name_for("", &"word ".repeat(30));
        assert!(long.len() <= 64 && !long.ends_with('-'), "{long}");
    }

    #[test]
    fn a_title_beyond_ascii_with_no_url_gets_a_stable_name_of_its_own() {
        let cjk = name_for("", "小明的游戏");
        assert_eq!(cjk, name_for("", "  小明的游戏 "), "stable");
        assert_ne!(
            cjk,
            name_for("", "小红的游戏"),
            "distinct titles, distinct names"
        );
        assert_ne!(name_for("", "Сумма"), name_for("", "Разность"));
        // A URL of no word, or whose last segment is the title percent-encoded.
        let encoded = "https://example.com/zadacha/%D0%A1%D1%83%D0%BC%D0%BC%D0%B0";
        assert_eq!(name_for(encoded, "Сумма"), name_for("", "Сумма"));
        for name in [cjk, name_for("https://example.com/", "Сумма")] {
            assert!(name.starts_with("problem-") && name.len() == 16, "{name}");
            assert!(
                name[8..]
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            );
        }
        // FNV-1a's published test vectors: "" and "a".
        assert_eq!((fnv1a(""), fnv1a("a")), (0x811c_9dc5, 0xe40c_292c));
    }

    #[test]
    fn timus_cses_hdu_and_poj_urls_give_their_source() {
        let task = |url: &str| Task {
            url: url.to_string(),
            ..Task::parse(br#"{"name":"x","url":"","memoryLimit":64,"timeLimit":1000,"tests":[]}"#)
                .unwrap()
        };
        let timus = "https://acm.timus.ru/problem.aspx?space=1&num=1000";
        assert_eq!(task(timus).source(), Some(format!("Timus 1000 {timus}")));
        let cses = "https://cses.fi/problemset/task/1068";
        assert_eq!(task(cses).source(), Some(format!("CSES 1068 {cses}")));
        let hdu = "http://acm.hdu.edu.cn/showproblem.php?pid=1525";
        assert_eq!(task(hdu).source(), Some(format!("HDU 1525 {hdu}")));
        let poj = "http://poj.org/problem?id=2348";
        assert_eq!(task(poj).source(), Some(format!("POJ 2348 {poj}")));
    }

    #[test]
    fn a_sample_is_blank_only_when_its_input_and_output_are_both_blanks_at_most() {
        for (input, output, blank) in [
            ("", "", true),
            ("\n", " \r\n", true),
            ("", "Hello\n", false),
            ("1 2\n", "", false),
            ("1 2\n", "3\n", false),
        ] {
            let sample = Sample {
                input: input.into(),
                output: output.into(),
            };
            assert_eq!(sample.is_blank(), blank, "{input:?} / {output:?}");
        }
    }

    #[test]
    fn the_readme_example_reads_with_its_limits_and_samples() {
        let body = br#"{"name":"G. Castle Defense","group":"Educational Codeforces Round 40",
            "url":"https://codeforces.com/problemset/problem/954/G","interactive":false,
            "memoryLimit":256,"timeLimit":1500,"testType":"single",
            "input":{"type":"stdin"},"output":{"type":"stdout"},
            "languages":{"java":{"mainClass":"Main","taskClass":"GCastleDefense"}},
            "tests":[{"input":"5 0 6\n5 4 3 4 9\n","output":"5\n"},{"input":"4 2 0\n1 2 3 4\n","output":"6\n"}],
            "batch":{"id":"123e4567","size":1},"someFutureField":[1,2]}"#;
        let task = Task::parse(body).unwrap();
        assert_eq!(task.crate_name(), "cf954g");
        assert_eq!(
            task.source().as_deref(),
            Some("Codeforces 954G https://codeforces.com/problemset/problem/954/G")
        );
        assert_eq!(
            task.time_limit_duration(),
            std::time::Duration::from_millis(1500)
        );
        assert_eq!(task.memory_limit_mib(), 256);
        assert_eq!(task.tests.len(), 2);
        assert_eq!(task.tests[0].input, "5 0 6\n5 4 3 4 9\n");
        assert_eq!(
            task.batch,
            Some(Batch {
                id: "123e4567".into(),
                size: 1
            })
        );
        assert!(!task.interactive);
        assert!(task.file_io().is_empty());
    }

    #[test]
    fn a_malformed_body_is_one_line_naming_what_is_wrong() {
        for (body, want) in [
            (&b"not json"[..], "not Competitive Companion's problem JSON: expected ident at line 1 column 2"),
            (b"{\"name\":\"x\"}", "missing field `url`"),
            (b"{\"name\":\"x\",\"url\":\"\",\"memoryLimit\":256,\"timeLimit\":-1,\"tests\":[]}", "timeLimit: expected milliseconds"),
            (b"{\"name\":\"x\",\"url\":\"\",\"memoryLimit\":0,\"timeLimit\":1000,\"tests\":[]}", "memoryLimit: expected megabytes"),
            (b"{\"name\":\"x\",\"url\":\"\",\"memoryLimit\":1,\"timeLimit\":1000,\"tests\":[{\"input\":1}]}", "invalid type"),
            (b"[1,2]", "invalid type: integer"),
        ] {
            let e = format!("{:#}", Task::parse(body).unwrap_err());
            assert!(e.contains(want), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
