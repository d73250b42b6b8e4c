import Foundation
import Herald

/// The live-reload script `herald serve` adds to the HTML pages it serves (never to a build's
/// output): it listens on a Server-Sent Events endpoint and reloads the page when told to.
public enum LiveReload {
    /// Where the events are sent from; outside any site's paths.
    public static let endpoint = "/__herald/live"

    /// The script, on one line: it reloads the page when a change touched it, or touched
    /// everything (`*`). EventSource reconnects by itself when the server restarts.
    public static let script = """
        <script>/* herald serve: live reload */(function(){var s=new EventSource("\(endpoint)");s.addEventListener("reload",function(e){var p=decodeURIComponent(location.pathname);if(e.data==="*"||JSON.parse(e.data).indexOf(p)>=0||JSON.parse(e.data).indexOf(p+"index.html")>=0)location.reload()});})();</script>
        """

    /// An event's data: `*` for every page, else a JSON list of the URL paths of the pages touched.
    public static func eventData(_ pages: Set<String>?) -> String {
        guard let pages else { return "*" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(pages.sorted())).map { String(decoding: $0, as: UTF8.self) } ?? "*"
    }

    /// `html` with the script put just before its last `</body>` (or at the end when it has none).
    public static func inject(into html: Data) -> Data {
        let closing = Array("</body>".utf8)
        let bytes = [UInt8](html)
        var index = bytes.count - closing.count
        while index >= 0 {
            if bytes[index] == UInt8(ascii: "<"),
                zip(bytes[index..<index + closing.count], closing).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
            {
                return Data(bytes[..<index]) + Data(script.utf8) + Data(bytes[index...])
            }
            index -= 1
        }
        return html + Data(script.utf8)
    }

    /// The page shown in place of every page while the site does not build: each problem as
    /// `path:line: message`, in the language of the page asked for (Chinese for `zh…`, else
    /// English), and the live-reload script so the page comes back when it is fixed.
    public static func errorPage(_ diagnostics: [Diagnostic], language: String = "en", reload: Bool = true) -> String {
        let items = diagnostics.map { "<li><code>\(HTMLEscaping.escape($0.description))</code></li>" }.joined(
            separator: "\n")
        let chinese = language.lowercased().hasPrefix("zh")
        let (title, heading, explanation) =
            chinese
            ? (
                "构建失败 · herald serve", "网站无法构建",
                reload
                    ? "herald serve 保留了上一次成功的构建，但在修正以下问题之前显示本页；修正后本页会自动刷新。" : "herald serve 保留了上一次成功的构建，但在修正以下问题之前显示本页。"
            )
            : (
                "Build failed · herald serve", "The site does not build",
                reload
                    ? "herald serve keeps the last good build, but shows this page until these are fixed; it reloads by itself when they are."
                    : "herald serve keeps the last good build, but shows this page until these are fixed."
            )
        return """
            <!doctype html>
            <html lang="\(chinese ? "zh-CN" : "en")">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(title)</title>
            <style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1d1d1f}h1{color:#b00020}li{margin:.5rem 0}code{white-space:pre-wrap;word-break:break-word}</style></head>
            <body>
            <h1>\(heading)</h1>
            <p>\(explanation)</p>
            <ul>
            \(items)
            </ul>
            \(reload ? script : "")
            </body>
            </html>
            """
    }
}
