//! The keys a `#[derive(Deserialize)]` struct accepts, read from serde itself, so lists of
//! settings that users see (the manual, "unknown key" hints) can be checked against the
//! parser and never drift from it.

use serde::de::{self, Deserialize, Deserializer, Visitor};
use std::fmt;

/// The field names `T` accepts, as written in the input (renames applied).
pub fn struct_fields<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    let mut fields: &'static [&'static str] = &[];
    // The recorder stops deserialization as soon as the struct names its fields, so the
    // error is expected and carries nothing.
    let _ = T::deserialize(FieldRecorder {
        fields: &mut fields,
    });
    fields
}

struct FieldRecorder<'a> {
    fields: &'a mut &'static [&'static str],
}

#[derive(Debug)]
struct Stop;

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field names recorded")
    }
}

impl std::error::Error for Stop {}

impl de::Error for Stop {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Stop
    }
}

impl<'de> Deserializer<'de> for FieldRecorder<'_> {
    type Error = Stop;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Stop> {
        *self.fields = fields;
        Err(Stop)
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Stop> {
        Err(Stop)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Example {
        plain: u8,
        #[serde(rename = "with-dash")]
        renamed: Option<String>,
    }

    #[test]
    fn the_fields_of_a_struct_are_its_keys_as_written() {
        assert_eq!(struct_fields::<Example>(), ["plain", "with-dash"]);
    }

    #[test]
    fn a_type_that_is_not_a_struct_has_no_fields() {
        assert!(struct_fields::<Vec<u8>>().is_empty());
    }
}
