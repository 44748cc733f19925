pub mod logging;
pub mod server;
