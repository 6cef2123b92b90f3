//! `rename_all` rules: how a Rust identifier becomes a JSON name.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

pub const RULE_NAMES: &[&str] = &[
    "lowercase",
    "UPPERCASE",
    "PascalCase",
    "camelCase",
    "snake_case",
    "SCREAMING_SNAKE_CASE",
    "kebab-case",
    "SCREAMING-KEBAB-CASE",
];

impl RenameRule {
    pub fn from_str(s: &str) -> Option<RenameRule> {
        Some(match s {
            "lowercase" => RenameRule::Lower,
            "UPPERCASE" => RenameRule::Upper,
            "PascalCase" => RenameRule::Pascal,
            "camelCase" => RenameRule::Camel,
            "snake_case" => RenameRule::Snake,
            "SCREAMING_SNAKE_CASE" => RenameRule::ScreamingSnake,
            "kebab-case" => RenameRule::Kebab,
            "SCREAMING-KEBAB-CASE" => RenameRule::ScreamingKebab,
            _ => return None,
        })
    }

    /// A field name, written in `snake_case` by Rust convention, under this rule. Same
    /// results as serde's, so `rename_all` migrates unchanged: `lowercase` keeps the
    /// underscores of `in_reply_to`, `camelCase` gives `inReplyTo`.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Pascal => {
                let mut out = String::with_capacity(field.len());
                let mut capitalize = true;
                for c in field.chars() {
                    if c == '_' {
                        capitalize = true;
                    } else if capitalize {
                        out.push(c.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
            RenameRule::Camel => lower_first(&RenameRule::Pascal.apply_to_field(field)),
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// A variant name, written in `PascalCase` by Rust convention, under this rule
    /// (serde's results: `InReplyTo` becomes `in_reply_to`, `inreplyto`, `in-reply-to`...).
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            RenameRule::Pascal => variant.to_owned(),
            RenameRule::Lower => variant.to_ascii_lowercase(),
            RenameRule::Upper => variant.to_ascii_uppercase(),
            RenameRule::Camel => lower_first(variant),
            RenameRule::Snake => {
                let mut out = String::with_capacity(variant.len() + 4);
                for (i, c) in variant.char_indices() {
                    if c.is_uppercase() && i > 0 {
                        out.push('_');
                    }
                    out.push(c.to_ascii_lowercase());
                }
                out
            }
            RenameRule::ScreamingSnake => RenameRule::Snake.apply_to_variant(variant).to_ascii_uppercase(),
            RenameRule::Kebab => RenameRule::Snake.apply_to_variant(variant).replace('_', "-"),
            RenameRule::ScreamingKebab => RenameRule::ScreamingSnake.apply_to_variant(variant).replace('_', "-"),
        }
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::RenameRule::{self, *};

    const RULES: [RenameRule; 8] = [Lower, Upper, Pascal, Camel, Snake, ScreamingSnake, Kebab, ScreamingKebab];

    #[test]
    fn fields() {
        let cases: &[(&str, [&str; 8])] = &[
            (
                "in_reply_to",
                [
                    "in_reply_to",
                    "IN_REPLY_TO",
                    "InReplyTo",
                    "inReplyTo",
                    "in_reply_to",
                    "IN_REPLY_TO",
                    "in-reply-to",
                    "IN-REPLY-TO",
                ],
            ),
            ("id", ["id", "ID", "Id", "id", "id", "ID", "id", "ID"]),
            ("a1_b", ["a1_b", "A1_B", "A1B", "a1B", "a1_b", "A1_B", "a1-b", "A1-B"]),
        ];
        for (ident, want) in cases {
            for (rule, want) in RULES.iter().zip(want) {
                assert_eq!(rule.apply_to_field(ident), *want, "{rule:?}({ident})");
            }
        }
    }

    #[test]
    fn variants() {
        let cases: &[(&str, [&str; 8])] = &[
            (
                "InReplyTo",
                [
                    "inreplyto",
                    "INREPLYTO",
                    "InReplyTo",
                    "inReplyTo",
                    "in_reply_to",
                    "IN_REPLY_TO",
                    "in-reply-to",
                    "IN-REPLY-TO",
                ],
            ),
            ("A", ["a", "A", "A", "a", "a", "A", "a", "A"]),
        ];
        for (ident, want) in cases {
            for (rule, want) in RULES.iter().zip(want) {
                assert_eq!(rule.apply_to_variant(ident), *want, "{rule:?}({ident})");
            }
        }
    }
}
