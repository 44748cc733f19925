//! `worked serve`'s two halves: the pure preview (request path → response) and the bounded
//! HTTP/1.1 server that carries it.

pub mod http;
pub mod preview;

/// An HTTP response, ready to be sent: what the preview answers and the server sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The status code: 200, 404, 405 or 503.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}
