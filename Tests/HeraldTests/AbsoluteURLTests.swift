import Foundation
import Testing

@testable import Herald

/// Links made absolute for feeds and the API (`AbsoluteURLs`), and the resolution on bytes
/// beneath it (`ReferenceBase`), which must give exactly what Foundation's URL gives.
@Suite struct AbsoluteURLTests {
    @Test func rawHTMLLinksBecomeAbsoluteInFeeds() {
        let html =
            "<img src='raw.png'> <a href=bare.html>b</a> <img srcset=\"s.png 2x, /t.png 3x\" src=\"x.png\"> <A HREF=\"up/\">u</A>"
        #expect(
            AbsoluteURLs.rewrite(html, pageURL: "https://e.org/n/x/")
                == "<img src='https://e.org/n/x/raw.png'> <a href=https://e.org/n/x/bare.html>b</a> <img srcset=\"https://e.org/n/x/s.png 2x, https://e.org/t.png 3x\" src=\"https://e.org/n/x/x.png\"> <A HREF=\"https://e.org/n/x/up/\">u</A>"
        )
    }

    /// Links to a fragment of the page (heading anchors, footnotes) take the page's URL without
    /// its own fragment; one needing percent-encoding goes through URL. Text between tags that
    /// looks like an attribute is left alone, at the start, between tags and at the end.
    @Test func fragmentLinksAndTextBetweenTagsInFeeds() {
        let html =
            ##" href="a.html" <h2 id="x">X <a class="heading-anchor" href="#x"></a></h2><p>src=b.png &lt;a href="c"&gt; <a href="#报名">j</a> <a href='#'>t</a></p> src="d""##
        #expect(
            AbsoluteURLs.rewrite(html, pageURL: "https://e.org/n/x/#top")
                == ##" href="a.html" <h2 id="x">X <a class="heading-anchor" href="https://e.org/n/x/#x"></a></h2><p>src=b.png &lt;a href="c"&gt; <a href="https://e.org/n/x/#%E6%8A%A5%E5%90%8D">j</a> <a href='https://e.org/n/x/#'>t</a></p> src="d""##
        )
        #expect(AbsoluteURLs.rewrite("no tags at all, href=x", pageURL: "https://e.org/") == "no tags at all, href=x")
        #expect(AbsoluteURLs.rewrite("", pageURL: "https://e.org/") == "")
    }

    /// The text around the links is copied in runs of the original string: Chinese text and
    /// emoji on both sides of each link, a link in the first and last tags, and links side by side.
    @Test func textAroundRewrittenLinksIsKeptWhole() {
        let html = "<a href=\"x\">通知🎉</a>中文<img src=\"y.png\"><img src=\"z.png\">尾🎓"
        #expect(
            AbsoluteURLs.rewrite(html, pageURL: "https://e.org/新闻/")
                == "<a href=\"https://e.org/%E6%96%B0%E9%97%BB/x\">通知🎉</a>中文<img src=\"https://e.org/%E6%96%B0%E9%97%BB/y.png\"><img src=\"https://e.org/%E6%96%B0%E9%97%BB/z.png\">尾🎓"
        )
        let long = String(repeating: "<p>一段文字 <a href=\"/a\">链接</a> 和 <a href=\"b\">另一个</a></p>", count: 300)
        #expect(
            AbsoluteURLs.rewrite(long, pageURL: "https://e.org/n/")
                == String(
                    repeating: "<p>一段文字 <a href=\"https://e.org/a\">链接</a> 和 <a href=\"https://e.org/n/b\">另一个</a></p>",
                    count: 300))
    }

    /// Every reference resolved on bytes is what `URL(string:relativeTo:)` makes of it, and
    /// every one of a form it leaves alone goes to URL: for pages at the root, in a folder, in a
    /// percent-encoded folder, with a port, and with a fragment of their own.
    @Test func referencesResolveAsURLResolvesThem() {
        let pages = [
            "https://e.org/", "https://e.org/n/x/", "https://e.org/n/x/index.html", "http://e.org:8080/a%20b/c/",
            "https://e.org/n/x/#top", "https://e.org", "https://e.org/a/?q=1", "https://e.org/a/../b/",
            "https://e.org/%E6%8A%A5/", "https://e.org/报名/",
        ]
        let references = [
            "/", "/news/2026/a/", "/images/x-640.webp", "/a%20b/c.png?v=2#top", "a.html", "up/", "x.png?w=1",
            "#x", "#", "#a:b", "#%E6%8A%A5", "#报名", "#a#b", "/a/./b", "/a/../b", "../x", "./x", ".", "..", "a/..",
            "//other.org/x", "?q=2", "a:b", "1:2", "/a:b", "x y.png", "/%zz", "/%4", "a b", "/ä", "/a/b/.hidden",
            "/a/..b", "/a/.../c", "~u/", "/a;b=c,d", "/a@b!$&'()*+",
        ]
        for page in pages {
            var base = ReferenceBase(page)
            let url = URL(string: page)
            for reference in references {
                var bytes: [UInt8] = []
                let resolved = Array(reference.utf8).withUnsafeBufferPointer { base.resolve($0, to: &bytes) }
                guard resolved else { continue }
                let expected = url.flatMap { URL(string: reference, relativeTo: $0)?.absoluteString }
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(reference) against \(page)")
            }
        }
    }

    /// The plain forms are resolved on bytes, and the others are not.
    @Test func thePlainFormsAreResolvedOnBytes() {
        var base = ReferenceBase("https://e.org/n/x/")
        func onBytes(_ reference: String) -> Bool {
            var bytes: [UInt8] = []
            return Array(reference.utf8).withUnsafeBufferPointer { base.resolve($0, to: &bytes) }
        }
        for reference in ["/news/2026/a/", "#x", "a.html", "/a%20b/c.png?v=2#top"] {
            #expect(onBytes(reference), "\(reference)")
        }
        for reference in ["/a/../b", "//other.org/x", "?q=2", "#报名", "/%zz", "x y.png", "1:2", "#a#b"] {
            #expect(!onBytes(reference), "\(reference)")
        }
        var unusual = ReferenceBase("https://e.org/a/?q=1")
        var bytes: [UInt8] = []
        #expect(!Array("/x".utf8).withUnsafeBufferPointer { unusual.resolve($0, to: &bytes) })
    }
}
