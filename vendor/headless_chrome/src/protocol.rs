include!(concat!(env!("OUT_DIR"), "/protocol.rs"));
