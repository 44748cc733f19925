//! `worked`: a static, interactive textbook generator.
