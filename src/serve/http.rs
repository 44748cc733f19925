//! A small HTTP/1.1 server for `worked serve`, with every resource bounded.
//!
//! Input: a bound [`TcpListener`] and a handler from (method, target) to a [`Response`]. Output:
//! answers on the connections, for as long as the process runs. It reads only request heads
//! (the preview answers GET and HEAD, which carry no body) and does nothing else: no files, no
//! site types.
//!
//! Why not `tiny_http`: it reads a request line of any length into memory and answers on a
//! fixed pool of threads, so a 600 MB request line grew the server by 600 MB and four clients
//! that pipelined requests without reading the replies blocked every other reader. Here each
//! connection has its own thread, at most [`Limits::connections`] of them; a request head
//! larger than [`Limits::head_bytes`] is refused with 431; and reads and writes time out after
//! [`Limits::io_timeout`], so a slow or stuck client only ever holds its own thread.

use crate::serve::Response;
use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much one client may take from the server.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections served at once; more are answered 503 and closed.
    pub connections: usize,
    /// Bytes of one request line plus headers.
    pub head_bytes: usize,
    /// Longest wait for a client to send the next request or to accept more of a reply.
    pub io_timeout: Duration,
    /// Requests answered on one kept-alive connection before it is closed.
    pub requests_per_connection: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections: 64,
            head_bytes: 16 * 1024,
            io_timeout: Duration::from_secs(10),
            requests_per_connection: 1_000,
        }
    }
}

/// Answers `(method, target)` requests.
pub type Handler = dyn Fn(&str, &str) -> Response + Send + Sync;

/// Accepts connections for ever, each on its own thread (see the module doc).
pub fn serve(listener: TcpListener, limits: Limits, handler: Arc<Handler>) {
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // Accept errors (say, out of file descriptors) pass; back off instead of spinning.
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        let _ = stream.set_read_timeout(Some(limits.io_timeout));
        let _ = stream.set_write_timeout(Some(limits.io_timeout));
        if open.fetch_add(1, Ordering::SeqCst) >= limits.connections {
            open.fetch_sub(1, Ordering::SeqCst);
            let busy = plain(503, "too many connections; try again\n");
            let _ = write_response(&mut &stream, &busy, false, true);
            continue;
        }
        let open = Arc::clone(&open);
        let handler = Arc::clone(&handler);
        let spawned = std::thread::Builder::new()
            .name("worked-http".to_string())
            .spawn(move || {
                let _ = serve_connection(stream, limits, &*handler);
                open.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            // The closure (and its count) never ran.
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Answers the requests of one connection in order until it closes, misbehaves or times out.
fn serve_connection(mut stream: TcpStream, limits: Limits, handler: &Handler) -> io::Result<()> {
    let mut buffer: Vec<u8> = Vec::new();
    for _ in 0..limits.requests_per_connection {
        let deadline = Instant::now() + limits.io_timeout;
        let head = match read_head(&mut stream, &mut buffer, limits.head_bytes, deadline)? {
            Head::Complete(head) => head,
            Head::Closed => return Ok(()),
            Head::TooLarge => {
                let refused = plain(431, "the request head is too large\n");
                return write_response(&mut stream, &refused, false, true);
            }
        };
        let Some(request) = parse_head(&head) else {
            return write_response(&mut stream, &plain(400, "bad request\n"), false, true);
        };
        if request.has_body {
            let refused = plain(413, "worked serve accepts no request bodies\n");
            return write_response(&mut stream, &refused, false, true);
        }
        let response = handler(request.method, request.target);
        let head_only = request.method == "HEAD";
        write_response(&mut stream, &response, head_only, request.close)?;
        if request.close {
            return Ok(());
        }
    }
    Ok(())
}

enum Head {
    /// The bytes of one request head, without the blank line.
    Complete(Vec<u8>),
    /// The client closed the connection between requests.
    Closed,
    /// The head grew past the limit.
    TooLarge,
}

/// Reads until a blank line ends the request head; bytes after it stay in `buffer` for the
/// next (pipelined) request. The whole head must arrive by `deadline`, so a client sending a
/// byte now and then cannot hold its thread for ever.
fn read_head(
    stream: &mut TcpStream,
    buffer: &mut Vec<u8>,
    limit: usize,
    deadline: Instant,
) -> io::Result<Head> {
    let mut chunk = [0u8; 4096];
    let mut searched = 0;
    loop {
        if let Some(end) = find_blank_line(buffer, searched) {
            let head = buffer[..end].to_vec();
            buffer.drain(..end + 4);
            return Ok(Head::Complete(head));
        }
        if buffer.len() > limit {
            return Ok(Head::TooLarge);
        }
        if Instant::now() > deadline {
            return Err(io::ErrorKind::TimedOut.into());
        }
        searched = buffer.len().saturating_sub(3);
        let read = stream.read(&mut chunk)?;
        if read == 0 {
            return Ok(Head::Closed);
        }
        buffer.extend_from_slice(&chunk[..read]);
    }
}

fn find_blank_line(buffer: &[u8], from: usize) -> Option<usize> {
    buffer
        .get(from..)?
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .map(|at| from + at)
}

/// What the server needs of a request head.
#[derive(Debug, PartialEq)]
struct Request<'a> {
    method: &'a str,
    target: &'a str,
    /// The client asked to close after this reply (or speaks HTTP/1.0).
    close: bool,
    /// A `Content-Length` above 0 or a `Transfer-Encoding`.
    has_body: bool,
}

fn parse_head(head: &[u8]) -> Option<Request<'_>> {
    let head = std::str::from_utf8(head).ok()?;
    let mut lines = head.split("\r\n");
    let mut parts = lines.next()?.split(' ');
    let (method, target, version) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || !version.starts_with("HTTP/1.") {
        return None;
    }
    let mut close = version == "HTTP/1.0";
    let mut has_body = false;
    for line in lines {
        let (name, value) = line.split_once(':')?;
        let value = value.trim();
        if name.eq_ignore_ascii_case("connection") {
            close = value.eq_ignore_ascii_case("close")
                || (close && !value.eq_ignore_ascii_case("keep-alive"));
        } else if name.eq_ignore_ascii_case("content-length") {
            has_body |= value != "0";
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            has_body = true;
        }
    }
    Some(Request {
        method,
        target,
        close,
        has_body,
    })
}

fn plain(status: u16, text: &str) -> Response {
    Response {
        status,
        content_type: "text/plain; charset=utf-8",
        body: text.as_bytes().to_vec(),
    }
}

fn write_response(
    stream: &mut impl Write,
    response: &Response,
    head_only: bool,
    close: bool,
) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n{}\r\n",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len(),
        if close { "Connection: close\r\n" } else { "" }
    );
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(&response.body)?;
    }
    stream.flush()
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_head_gives_method_target_and_connection_handling() {
        let request =
            parse_head(b"GET /a.html?x=1 HTTP/1.1\r\nHost: h\r\nConnection: close").unwrap();
        assert_eq!(
            request,
            Request {
                method: "GET",
                target: "/a.html?x=1",
                close: true,
                has_body: false
            }
        );
        assert!(parse_head(b"GET / HTTP/1.0").unwrap().close);
        assert!(
            !parse_head(b"GET / HTTP/1.0\r\nConnection: keep-alive")
                .unwrap()
                .close
        );
        assert!(
            parse_head(b"POST / HTTP/1.1\r\nContent-Length: 5")
                .unwrap()
                .has_body
        );
        assert!(parse_head(b"GET / SPDY/3").is_none());
        assert!(parse_head(b"GET /\xff HTTP/1.1").is_none());
    }

    #[test]
    fn the_blank_line_is_found_across_reads() {
        assert_eq!(find_blank_line(b"GET / HTTP/1.1\r\n\r\nrest", 0), Some(14));
        assert_eq!(find_blank_line(b"abc", 0), None);
        assert_eq!(find_blank_line(b"ab\r\n\r\n", 1), Some(2));
    }
}
