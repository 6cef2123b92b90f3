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

    /// Splits an identifier into lowercase words: `snake_case` at `_`, `PascalCase` at each
    /// uppercase letter, so both field and variant names go through one path.
    fn words(ident: &str) -> Vec<String> {
        let mut words = Vec::new();
        for part in ident.split('_').filter(|p| !p.is_empty()) {
            let mut current = String::new();
            for c in part.chars() {
                if c.is_uppercase() && !current.is_empty() {
                    words.push(std::mem::take(&mut current));
                }
                current.extend(c.to_lowercase());
            }
            if !current.is_empty() {
                words.push(current);
            }
        }
        words
    }

    pub fn apply(self, ident: &str) -> String {
        let words = Self::words(ident);
        let capitalize = |w: &String| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect::<String>(),
                None => String::new(),
            }
        };
        match self {
            RenameRule::Lower => words.concat(),
            RenameRule::Upper => words.concat().to_uppercase(),
            RenameRule::Pascal => words.iter().map(capitalize).collect(),
            RenameRule::Camel => {
                let mut out = String::new();
                for (i, w) in words.iter().enumerate() {
                    if i == 0 {
                        out.push_str(w);
                    } else {
                        out.push_str(&capitalize(w));
                    }
                }
                out
            }
            RenameRule::Snake => words.join("_"),
            RenameRule::ScreamingSnake => words.join("_").to_uppercase(),
            RenameRule::Kebab => words.join("-"),
            RenameRule::ScreamingKebab => words.join("-").to_uppercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RenameRule::*;

    #[test]
    fn fields_and_variants() {
        let cases: &[(&str, [&str; 8])] = &[
            (
                "in_reply_to",
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
            ("id", ["id", "ID", "Id", "id", "id", "ID", "id", "ID"]),
            ("a1_b", ["a1b", "A1B", "A1B", "a1B", "a1_b", "A1_B", "a1-b", "A1-B"]),
        ];
        for (ident, want) in cases {
            let rules = [Lower, Upper, Pascal, Camel, Snake, ScreamingSnake, Kebab, ScreamingKebab];
            for (rule, want) in rules.iter().zip(want) {
                assert_eq!(rule.apply(ident), *want, "{rule:?}({ident})");
            }
        }
    }
}
