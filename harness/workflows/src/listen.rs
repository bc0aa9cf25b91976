//! `cargo judge listen [--port PORT] [--once]`: receives problems from the
//! browser through Competitive Companion and makes each one a workspace problem
//! (a crate from the template, its samples as testdata cases, its limits in
//! problem.toml).
//!
//! Owns the HTTP side: a listener on 127.0.0.1 only (never another interface: the
//! POSTs come from the browser on this machine), one request at a time, each
//! answered with 200 once its problem exists, or 400 with one line on stdout when
//! the request is not a problem (nothing is created then). Only the extension may
//! send: any web page open in the browser can POST to 127.0.0.1 too (a `text/plain`
//! POST needs no CORS preflight), and the browser then names the page in `Origin`,
//! so a request whose `Origin` is not a browser extension's gets 403 and creates
//! nothing ([`origin_allowed`]). What happens goes to the caller as it happens,
//! for judge-report to word (and draw visibly: a request's text may be in it). Reading the JSON and
//! naming are `companion`'s (judge-formats), creating both folders at once
//! `scaffold`'s. Competitive Companion aborts a POST after its `requestTimeout`,
//! 500 ms by default (`src/utils/config.ts`), so the workspace is read once at the
//! start and each problem costs only file writes.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use judge_formats::companion::Task;

use crate::scaffold::NewOptions;
use crate::scaffold::{Extra, Site};
use judge_formats::problem::SettingsExt as _;
use judge_model::problem::Settings;
use judge_report::listen::{Created, Heard};

/// The largest request accepted: a problem's samples are kilobytes.
const MAX_BODY: usize = 64 << 20;

/// `listen`'s default port: one Competitive Companion sends to out of the box. Its
/// `src/hosts/hosts.ts` lists 1327 (cpbooster), 4244 (Hightail), 6174 (Mind
/// Sport), 10042 (acmX), 10043 (Caide), 10045 (CP Editor) and 27121
/// (Competitive Programming Helper); 4244 belongs to Hightail, a tool that is no
/// longer developed, so it is the least likely to be taken by a tool the user
/// also runs (cph and CompetiTest share 27121).
pub const DEFAULT_PORT: u16 = 4244;

/// What `cargo judge listen` listens for.
#[derive(Debug, Clone, Copy)]
pub struct ListenOptions {
    /// The port on 127.0.0.1.
    pub port: u16,
    /// Exit once one whole problem or contest has arrived.
    pub once: bool,
}

/// `cargo judge listen`: each thing that happens goes to `heard` as it happens
/// (a script may wait for a line). Once it stops (Ctrl-C, or `--once` after a
/// whole problem or contest): whether every problem of that batch was created.
pub fn listen(args: ListenOptions, heard: &mut dyn FnMut(&Heard) -> Result<()>) -> Result<bool> {
    let mut site = Site::load()?;
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, args.port)).with_context(|| {
        format!(
            "cannot listen on 127.0.0.1:{} (another tool listening for Competitive Companion? \
             --port PORT picks another, added to its \"Custom ports\")",
            args.port
        )
    })?;
    // Polled, so Ctrl-C is seen between requests.
    listener
        .set_nonblocking(true)
        .context("cannot poll the listener")?;
    heard(&Heard::Listening {
        port: args.port,
        default_port: args.port == DEFAULT_PORT,
        once: args.once,
    })?;
    let mut batches: HashMap<String, Batch> = HashMap::new();
    let mut lone = 0u64;
    // With --once, whether the first whole batch was created, given once no request has
    // come for `GRACE`: a problem posted right after a contest (a script's next
    // POST, a second click) is still served, not refused by a closed port.
    let mut finished: Option<bool> = None;
    let mut last = Instant::now();
    loop {
        if judge_sandbox::interrupted() {
            return Ok(finished.unwrap_or(true));
        }
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if let Some(created) = finished
                    && last.elapsed() >= GRACE
                {
                    return Ok(created);
                }
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
            Err(e) => return Err(e).context("cannot accept a connection"),
        };
        let served = serve(stream, &mut site, heard)?;
        last = Instant::now();
        let Some((task, created)) = served else {
            continue;
        };
        let key = task.batch.as_ref().map_or_else(
            || {
                lone += 1;
                format!("lone-{lone}")
            },
            |b| b.id.clone(),
        );
        let size = task.batch.as_ref().map_or(1, |b| b.size);
        let batch = batches.entry(key).or_insert(Batch {
            size,
            arrived: 0,
            failed: false,
        });
        batch.arrived += 1;
        batch.failed |= !created;
        if args.once && finished.is_none() && batch.arrived >= batch.size {
            finished = Some(!batch.failed);
        }
    }
}

/// How long `--once` keeps serving after its batch is whole, while requests come.
const GRACE: Duration = Duration::from_millis(800);

/// One contest's POSTs so far.
struct Batch {
    size: u64,
    arrived: u64,
    /// Some problem of it could not be created.
    failed: bool,
}

/// Answers one connection. `Some((task, created))` when it carried a problem
/// (`created` is false when creating it failed), `None` for a bad request.
fn serve(
    mut stream: TcpStream,
    site: &mut Site,
    heard: &mut dyn FnMut(&Heard) -> Result<()>,
) -> Result<Option<(Task, bool)>> {
    let _ = stream.set_nonblocking(false);
    // A client that connects and sends nothing must not stop the listener.
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let body = match read_request(&mut stream) {
        Ok(body) => body,
        Err(e) if e.downcast_ref::<Forbidden>().is_some() => {
            reply(&mut stream, 403, &format!("{e:#}"));
            heard(&Heard::Forbidden(format!("{e:#}")))?;
            return Ok(None);
        }
        Err(e) => {
            reply(&mut stream, 400, &format!("{e:#}"));
            heard(&Heard::BadRequest(format!("{e:#}")))?;
            return Ok(None);
        }
    };
    let task = match Task::parse(&body) {
        Ok(task) => task,
        Err(e) => {
            reply(&mut stream, 400, &format!("{e:#}"));
            heard(&Heard::BadProblem(format!("{e:#}")))?;
            return Ok(None);
        }
    };
    match create(site, &task) {
        Ok(done) => {
            reply(&mut stream, 200, "ok");
            heard(&done)?;
            Ok(Some((task, true)))
        }
        Err(e) => {
            reply(&mut stream, 500, &format!("{e:#}"));
            heard(&Heard::Failed {
                name: task.crate_name(),
                why: format!("{e:#}"),
            })?;
            Ok(Some((task, false)))
        }
    }
}

/// The body of a `POST` request with a `Content-Length` (what a browser's
/// `fetch` with a string body sends); anything else is an error for a 400.
fn read_request(stream: &mut TcpStream) -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        let n = stream.read(&mut chunk).context("cannot read the request")?;
        if n == 0 {
            bail!("the connection closed before a whole request head");
        }
        buf.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut request = httparse::Request::new(&mut headers);
        let head = match request.parse(&buf) {
            Ok(httparse::Status::Complete(len)) => len,
            Ok(httparse::Status::Partial) if buf.len() < 64 << 10 => continue,
            Ok(httparse::Status::Partial) => bail!("the request head is over 64 KiB"),
            Err(e) => bail!("not an HTTP request: {e}"),
        };
        let method = request.method.unwrap_or_default();
        if method != "POST" {
            bail!("{method} request: Competitive Companion sends its problems as POST");
        }
        let header = |name: &str| {
            request
                .headers
                .iter()
                .find(|h| h.name.eq_ignore_ascii_case(name))
                .map(|h| String::from_utf8_lossy(h.value).trim().to_string())
        };
        if let Some(origin) = header("origin")
            && !origin_allowed(&origin)
        {
            return Err(Forbidden(origin).into());
        }
        if header("transfer-encoding").is_some() {
            bail!("a chunked body: expected a Content-Length");
        }
        let length: usize = match header("content-length") {
            None => bail!("no Content-Length"),
            Some(v) => v
                .parse()
                .ok()
                .with_context(|| format!("Content-Length \"{v}\" is not a number"))?,
        };
        if length > MAX_BODY {
            bail!("a body of {length} bytes: over the {MAX_BODY} a problem may take");
        }
        let mut body = buf.split_off(head);
        while body.len() < length {
            let n = stream.read(&mut chunk).context("cannot read the body")?;
            if n == 0 {
                bail!("the body ended after {} of its {length} bytes", body.len());
            }
            body.extend_from_slice(&chunk[..n]);
        }
        body.truncate(length);
        return Ok(body);
    }
}

/// Writes a small plain-text response; the client may already be gone.
fn reply(stream: &mut TcpStream, code: u16, text: &str) {
    let reason = match code {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        _ => "Internal Server Error",
    };
    let body = format!("{text}\n");
    let _ = write!(
        stream,
        "HTTP/1.1 {code} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.flush();
    close_gracefully(stream);
}

/// Closes after a reply. A request refused before its body was read (a web page's
/// `Origin`) leaves bytes unread, and closing a socket with unread bytes sends a
/// reset, which can destroy the reply before the client reads it (the client saw
/// "connection reset" instead of the 403). So: end our side, then read and drop
/// what the client still sends, for at most half a second.
fn close_gracefully(stream: &mut TcpStream) {
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let deadline = Instant::now() + Duration::from_millis(500);
    let mut sink = [0u8; 8192];
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
    }
}

/// A request from a web page: its `Origin`.
#[derive(Debug)]
struct Forbidden(String);

impl std::fmt::Display for Forbidden {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a request from {:?}, not from Competitive Companion: only a browser extension \
             may send problems (docs/authoring.md)",
            self.0
        )
    }
}

impl std::error::Error for Forbidden {}

/// Whether a request with this `Origin` is served: a browser extension's own
/// (Competitive Companion's POSTs carry `moz-extension://ID` in Firefox,
/// `chrome-extension://ID` in Chrome and Edge). A web page's origin (`http://`,
/// `https://`, or `null` from a sandboxed frame or a `data:` page) is refused; a
/// request without `Origin` (curl, a script) comes from no web page and is served.
fn origin_allowed(origin: &str) -> bool {
    let origin = origin.to_ascii_lowercase();
    [
        "moz-extension://",
        "chrome-extension://",
        "safari-web-extension://",
    ]
    .iter()
    .any(|scheme| origin.starts_with(scheme))
}

/// Creates the problem `task` describes: what was done. A problem already
/// received (its problem.toml has the same URL) is skipped; a name taken by
/// something else gets the first free `NAME-2`, `NAME-3`, ...
fn create(site: &mut Site, task: &Task) -> Result<Heard> {
    let wanted = task.crate_name();
    if !task.url.is_empty() && same_source(&site.root, &wanted, &task.url) {
        return Ok(Heard::AlreadyHere(wanted));
    }
    let mut name = wanted.clone();
    let mut why_renamed = None;
    for k in 2..=100 {
        match site.refuse(&name) {
            Ok(()) => break,
            Err(e) => {
                why_renamed.get_or_insert(format!("{e:#}"));
                name = format!("{wanted}-{k}");
            }
        }
    }
    site.refuse(&name)?;
    let title: String = task
        .name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let source = task
        .source()
        .filter(|s| crate::scaffold::parse_source(s).is_ok());
    let args = NewOptions {
        name: name.clone(),
        title: Some(title.trim().to_string()),
        source,
        time_limit: task.time_limit_duration(),
        memory_limit: task.memory_limit_mib(),
        interactive: task.interactive,
        game: false,
    };
    let extra = extra(task, &name);
    site.create(&args, &extra)?;
    // Not written (`extra`); an interactive problem's samples all go to its README.
    let blank = match task.interactive {
        true => 0,
        false => task.tests.iter().filter(|t| t.is_blank()).count(),
    };
    // What the written problem.toml says (the judge's own reading of it), so the
    // line names the checker the problem is judged by (`scaffold::checker_for`).
    let checker = (!task.interactive)
        .then(|| Settings::load(&site.root.join("testdata").join(&name)))
        .transpose()?
        .map(|s| s.checker);
    Ok(Heard::Created(Created {
        checker,
        renamed: why_renamed.map(|why| (wanted, why)),
        interactive: task.interactive,
        samples: task.tests.len() - blank,
        blank_samples: blank,
        group: task.group.clone(),
        time_limit: task.time_limit_duration(),
        memory_mib: task.memory_limit_mib(),
        files: task.file_io(),
        name,
    }))
}

/// Whether `testdata/NAME/problem.toml` records `url` as its source.
fn same_source(root: &Path, name: &str, url: &str) -> bool {
    // problem.toml's reader (a folder without one has no source).
    Settings::load(&root.join("testdata").join(name)).is_ok_and(|s| {
        s.source
            .and_then(|origin| origin.url)
            .is_some_and(|u| u == url)
    })
}

/// The samples: each one a case with its exact bytes (`01-sample.in` / `.out`,
/// ...), or for an interactive problem, whose samples are dialogues the
/// interactor cannot replay, a section of its README.md.
fn extra(task: &Task, name: &str) -> Extra {
    let width = task.tests.len().to_string().len().max(2);
    if task.interactive {
        let mut readme = String::from(
            "\n## The statement's samples (from Competitive Companion)\n\n\
             What the statement shows of each dialogue; they are not cases (an interactive\n\
             case is the interactor's input).\n",
        );
        for (i, t) in task.tests.iter().enumerate() {
            readme.push_str(&format!(
                "\nSample {}, input:\n\n```\n{}```\n\noutput:\n\n```\n{}```\n",
                i + 1,
                with_newline(&t.input),
                with_newline(&t.output)
            ));
        }
        return Extra {
            cases: Vec::new(),
            readme,
            samples_md: None,
        };
    }
    let mut cases = Vec::new();
    let mut stems = Vec::new();
    // A blank sample (the page's samples unread) would be "1/1 AC" on nothing.
    for (i, t) in task.tests.iter().filter(|t| !t.is_blank()).enumerate() {
        let stem = format!("{:0width$}-sample", i + 1);
        cases.push((format!("{stem}.in"), t.input.clone().into_bytes()));
        cases.push((format!("{stem}.out"), t.output.clone().into_bytes()));
        stems.push(stem);
    }
    Extra {
        cases,
        readme: String::new(),
        samples_md: Some(samples_md(&stems, &task.url, name)),
    }
}

/// What the testdata README says of the samples `listen` wrote.
fn samples_md(stems: &[String], url: &str, name: &str) -> String {
    let from = if url.is_empty() {
        "Competitive Companion".to_string()
    } else {
        let url: String = url
            .chars()
            .filter(|c| !c.is_control() && !matches!(c, '<' | '>'))
            .collect();
        format!("Competitive Companion from <{url}>")
    };
    let add = format!("`cargo judge add {name}` adds more: the input, a line `---`, the output.");
    match stems {
        [] => format!(
            "{from} sent no sample: there is no case until one is pasted in ({add}), and \
             until then `cargo judge {name}` says there is nothing to judge."
        ),
        [one] => {
            format!("`{one}.in` and `.out` are the statement's sample, as {from} sent it. {add}")
        }
        [first, .., last] => format!(
            "`{first}` to `{last}` (`.in` and `.out`) are the statement's {} samples, as {from} \
             sent them. {add}",
            stems.len()
        ),
    }
}

fn with_newline(s: &str) -> String {
    if s.ends_with('\n') {
        s.to_string()
    } else {
        format!("{s}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_browser_extension_s_origin_is_served() {
        for (origin, served) in [
            ("moz-extension://2f9b7c1e-8d5a-4c3b-9e6f-1a2b3c4d5e6f", true),
            ("chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl", true),
            ("Chrome-Extension://cjnmckjndlpiamhfimnnjmnckgghkjbl", true),
            ("safari-web-extension://0a1b2c3d", true),
            ("https://codeforces.com", false),
            ("http://127.0.0.1:4244", false),
            ("null", false),
            ("file://", false),
            ("", false),
            ("https://moz-extension.example", false),
        ] {
            assert_eq!(origin_allowed(origin), served, "{origin:?}");
        }
    }

    #[test]
    fn the_readme_names_the_samples_written() {
        let url = "https://codeforces.com/contest/1/problem/A";
        let stems = |n: usize| {
            (1..=n)
                .map(|i| format!("{i:02}-sample"))
                .collect::<Vec<_>>()
        };
        let none = samples_md(&stems(0), url, "cf1a");
        assert!(
            none.contains("sent no sample: there is no case until one is pasted in"),
            "{none}"
        );
        let one = samples_md(&stems(1), url, "cf1a");
        assert!(one.starts_with("`01-sample.in` and `.out` are the statement's sample, as Competitive Companion from <https://codeforces.com/contest/1/problem/A> sent it."), "{one}");
        let three = samples_md(&stems(3), "", "cf1a");
        assert!(three.starts_with("`01-sample` to `03-sample` (`.in` and `.out`) are the statement's 3 samples, as Competitive Companion sent them."), "{three}");
        assert!(
            three.ends_with(
                "`cargo judge add cf1a` adds more: the input, a line `---`, the output."
            ),
            "{three}"
        );
    }
}
