/// Hugo's translation by file name: `post.es.md` beside `post.md`, `index.fr.md` in a bundle. The
/// language is an ISO 639-1 code, with a region or script if given (`zh-cn`, `pt-br`, `zh-hans`).
enum TranslationName {
    /// The ISO 639-1 codes: only these are read as a language, so `v1.2.md` or `notes.ab1.md` are not.
    private static let languages: Set<String> = Set(
        """
        aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz \
        ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io \
        is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr \
        ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si \
        sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh \
        yi yo za zh zu
        """.split(separator: " ").map(String.init))

    /// Whether a name has the two dots a language needs (`post.es.md`): counted on bytes, so the
    /// many names without are passed over without allocating anything.
    static func mayHaveLanguage(_ name: some StringProtocol) -> Bool {
        var dots = 0
        for byte in name.utf8 where byte == UInt8(ascii: ".") {
            dots += 1
            if dots == 2 { return true }
        }
        return false
    }

    /// The file name without its language (`post.es.md` → `post.md`) and the language, or nil when
    /// the name carries none.
    static func split(_ fileName: String) -> (plain: String, language: String)? {
        // Most names have one dot: counted on bytes before anything is split or allocated.
        var dots = 0
        for byte in fileName.utf8 where byte == UInt8(ascii: ".") { dots += 1 }
        guard dots >= 2 else { return nil }
        let parts = fileName.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let code = parts[parts.count - 2].lowercased()
        let primary = code.split(separator: "-").first.map(String.init) ?? code
        guard languages.contains(primary),
            code.count == 2 || code.dropFirst(2).first == "-" && (4...8).contains(code.count)
        else { return nil }
        return ((parts.dropLast(2) + [parts.last!]).joined(separator: "."), code)
    }

    /// Whether a language code (`zh-cn`) is the site's language (`zh-CN`, or just `zh`).
    static func matches(_ code: String, site language: String) -> Bool {
        let site = language.lowercased()
        return code == site || code == site.split(separator: "-").first.map(String.init)
    }
}
