use codec::Codec;

#[derive(Codec)]
#[codec(rename_all = "camelCase")]
struct Status {
    user_id: u64,
    #[codec(rename = "userId")]
    legacy_id: u64,
    #[codec(skip_decoding)]
    text: String,
    #[codec(rename = "text", skip_encoding)]
    raw_text: String,
    #[codec(rename = "html", skip_decoding)]
    html_text: String,
    #[codec(rename = "html", skip_decoding)]
    html_body: String,
}

fn main() {}
