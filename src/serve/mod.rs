//! `worked serve`'s two halves: the pure preview (request path → response) and the bounded
//! HTTP/1.1 server that carries it.

pub mod http;
pub mod preview;
