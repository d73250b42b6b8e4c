import Foundation
import Testing

@testable import HeraldImport

/// Shortcodes and Liquid turned into Markdown or HTML, and those left in the text, reported.
@Suite struct BodyConversionTests {
    static let resolver = ReferenceResolver(
        hugoRef: { _, target in
            target.hasPrefix("posts/known") ? "/news/known/" + (target.contains("#") ? "#part" : "") : nil
        },
        postURL: { name in name == "2026-11-02-welcome" ? "/2026/11/02/welcome/" : nil },
        link: { path in path == "about.md" ? "/about/" : nil })

    func hugo(_ body: String, html: Bool = true, fields: FrontMatterFields = .empty) -> BodyConversion {
        BodyConverter(
            dialect: .hugo, allowHTML: html, basePath: "", origin: "https://union.example.edu", resolver: Self.resolver,
            siteParams: ["contactemail": "union@example.edu"]
        )
        .convert(body, path: "content/posts/a.md", firstLine: 5, fields: fields)
    }

    func jekyll(_ body: String) -> BodyConversion {
        BodyConverter(
            dialect: .jekyll, allowHTML: true, basePath: "/club", origin: "https://club.example.org",
            resolver: Self.resolver, siteParams: [:]
        )
        .convert(body, path: "_posts/a.md", firstLine: 5, fields: .empty)
    }

    @Test func aFigureWithACaptionIsAFigureElement() {
        let result = hugo(#"{{< figure src="/img/hall.png" alt="The hall" caption="After the works" link="/hall/" >}}"#)
        #expect(
            result.text
                == #"<figure><a href="/hall/"><img src="/img/hall.png" alt="The hall"></a><figcaption>After the works</figcaption></figure>"#
        )
        #expect(result.usesHTML)
        #expect(result.converted == ["figure": 1])
    }

    @Test func aFigureIsMarkdownWhenHTMLIsNotAllowedOrItHasNoCaption() {
        #expect(hugo(#"{{< figure src="/img/map.png" alt="Map" >}}"#).text == "![Map](/img/map.png)")
        let result = hugo(#"{{< figure src="a b.png" caption="Seen [here]" >}}"#, html: false)
        #expect(result.text == "![Seen \\[here\\]](<a b.png> \"Seen [here]\")\n*Seen \\[here\\]*")
        #expect(!result.usesHTML)
    }

    @Test func videosArePrivacyFriendlyEmbedsOrLinks() {
        #expect(
            hugo("{{< youtube dQw4w9WgXcQ >}}").text.contains(
                #"src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ""#))
        #expect(
            hugo(#"{{< youtube id="abc" title="Welcome" >}}"#, html: false).text
                == "[▶ Welcome](https://www.youtube.com/watch?v=abc)")
        #expect(hugo("{{< vimeo 123456 >}}").text.contains(#"src="https://player.vimeo.com/video/123456?dnt=1""#))
    }

    @Test func gistsTweetsAndInstagramPostsAreLinks() {
        #expect(
            hugo("{{< gist spf13 7896402 >}}").text
                == "[Code on GitHub Gist: spf13/7896402](https://gist.github.com/spf13/7896402)")
        #expect(
            hugo(#"{{< tweet user="union" id="1234" >}}"#).text
                == "[Post by @union on X](https://x.com/union/status/1234)")
        #expect(hugo("{{< tweet 1234 >}}").text == "[Post on X](https://x.com/i/status/1234)")
        #expect(
            hugo("{{< instagram BWNjjyYFxVx >}}").text
                == "[Post on Instagram](https://www.instagram.com/p/BWNjjyYFxVx/)")
    }

    @Test func refsPointAtTheNewAddressAndUnknownOnesAreReported() {
        let result = hugo(#"[a]({{< ref "posts/known.md#intro" >}}) [b]({{< relref "posts/gone.md" >}})"#)
        #expect(result.text == #"[a](/news/known/#part) [b]({{< relref "posts/gone.md" >}})"#)
        #expect(
            result.leftovers == [
                Leftover(
                    line: 5, kind: "shortcode relref", text: #"{{< relref "posts/gone.md" >}}"#,
                    reason: "its target 'posts/gone.md' is not a page of the site")
            ])
    }

    @Test func highlightIsAFencedCodeBlock() {
        let result = hugo("{{< highlight go \"linenos=table\" >}}\nfunc main() {}\n```\n{{< /highlight >}}")
        #expect(result.text == "````go {linenos=table}\nfunc main() {}\n```\n````")
    }

    /// Hugo's line options become Herald's fence options (the same syntax as Hugo's own fences);
    /// options the highlighting has no use for, and values it cannot read, are left out.
    @Test func highlightLineOptionsBecomeFenceOptions() {
        #expect(
            hugo("{{< highlight go \"linenos=table,hl_lines=8 15-17,linenostart=199\" >}}\nx\n{{< /highlight >}}").text
                == "```go {linenos=table hl_lines=\"8 15-17\" linenostart=199}\nx\n```")
        #expect(
            hugo("{{< highlight go \"style=monokai, linenos=maybe, hl_lines=[2,3]\" >}}\nx\n{{< /highlight >}}").text
                == "```go {hl_lines=\"2 3\"}\nx\n```")
        #expect(hugo("{{< highlight go \"noclasses=true\" >}}\nx\n{{< /highlight >}}").text == "```go\nx\n```")
        // Line anchors are kept, so the old site's links to lines lead somewhere; an unsafe prefix is not.
        #expect(
            hugo(
                "{{< highlight go \"linenos=table, anchorlinenos=true, lineanchors=org-coderef--c1\" >}}\nx\n{{< /highlight >}}"
            ).text
                == "```go {linenos=table anchorlinenos=true lineanchors=org-coderef--c1}\nx\n```")
        #expect(hugo("{{< highlight go \"lineanchors=a<b\" >}}\nx\n{{< /highlight >}}").text == "```go\nx\n```")
    }

    @Test func paramsComeFromThePageThenTheSite() throws {
        let page = try #require(
            try? FrontMatterFields.parse(SourceDocument.split(Data("---\nroom: B12\n---\n".utf8)).get()).get())
        #expect(hugo(#"{{< param "room" >}} {{< param contactEmail >}}"#, fields: page).text == "B12 union@example.edu")
        #expect(hugo(#"{{< param "nothing" >}}"#).leftovers.map(\.kind) == ["shortcode param"])
    }

    @Test func unknownShortcodesStayAndAreReportedOnceWithTheirLine() {
        let body = "Intro\n{{% tabs tip %}}\nInside {{< youtube x >}}\n{{% /tabs %}}\n"
        let result = hugo(body)
        #expect(result.text.hasPrefix("Intro\n{{% tabs tip %}}\nInside <iframe"))
        #expect(result.text.hasSuffix("</iframe>\n{{% /tabs %}}\n"))
        #expect(result.leftovers.map { "\($0.line) \($0.kind)" } == ["6 shortcode tabs"])
    }

    /// Themes' callouts (hextra's `callout`, LoveIt's `admonition`, Relearn's `notice`, Book's
    /// `hint`, Docsy's `alert`) become GitHub alerts, their text quoted with its own shortcodes
    /// converted, a title in bold; a type no theme has stays, reported.
    @Test func themeCalloutsBecomeAlerts() {
        let body = """
            Intro {{< callout type="warning" >}}
            Mind the **step**.

            {{< youtube x >}}
            {{< /callout >}}
            After.
            {{< admonition type=question title="Why?" >}}Because.{{< /admonition >}}

            {{% notice tip "A *tip*" %}}
            Tip.
            {{% /notice %}}
            {{< hint danger >}}
            No.
            {{< /hint >}}
            {{% alert title="Note" %}}Plain.{{% /alert %}}
            {{< callout >}}Default.{{< /callout >}}
            {{< callout type="sparkle" >}}Odd.{{< /callout >}}
            """
        let result = hugo(body, html: false)
        #expect(
            result.text == """
                Intro

                > [!WARNING]
                > Mind the **step**.
                >
                > [▶ YouTube video](https://www.youtube.com/watch?v=x)

                After.

                > [!NOTE]
                > **Why?**
                >
                > Because.

                > [!TIP]
                > **A \\*tip\\***
                >
                > Tip.

                > [!CAUTION]
                > No.

                > [!NOTE]
                > **Note**
                >
                > Plain.

                > [!NOTE]
                > Default.

                {{< callout type="sparkle" >}}Odd.{{< /callout >}}
                """)
        #expect(
            result.converted == [
                "callout (as an alert)": 2, "admonition (as an alert)": 1, "notice (as an alert)": 1,
                "hint (as an alert)": 1, "alert (as an alert)": 1, "youtube": 1,
            ])
        #expect(result.leftovers.map { "\($0.line) \($0.kind)" } == ["21 shortcode callout"])
    }

    @Test func escapedShortcodesAreShownAsWritten() {
        #expect(hugo("```\n{{</* youtube abc */>}}\n```").text == "```\n{{< youtube abc >}}\n```")
    }

    @Test func bodiesKeepEveryByteButTheConversions() {
        let body = "Line one\r\n\r\n{{< youtube x >}}\r\ntrailing  \r\n"
        let result = hugo(body, html: false)
        #expect(result.text == "Line one\r\n\r\n[▶ YouTube video](https://www.youtube.com/watch?v=x)\r\ntrailing  \r\n")
        #expect(hugo("No markup at all.\r\n").text == "No markup at all.\r\n")
    }

    @Test func liquidHighlightRawAndCommentsConvert() {
        #expect(
            jekyll("{% highlight ruby linenos %}\nputs 1\n{% endhighlight %}").text
                == "```ruby {linenos=true}\nputs 1\n```")
        #expect(
            jekyll("{% highlight ruby mark_lines=\"1 3\" %}\nputs 1\n{% endhighlight %}").text
                == "```ruby {hl_lines=\"1 3\"}\nputs 1\n```")
        #expect(jekyll("{% highlight ruby %}\nputs 1\n{% endhighlight %}").text == "```ruby\nputs 1\n```")
        #expect(jekyll("{% raw %}{{ shown }}{% endraw %}").text == "{{ shown }}")
        let comment = jekyll("a {% comment %}secret {% include x %}{% endcomment %}b")
        #expect(comment.text == "a b")
        #expect(comment.converted == ["comment (removed)": 1])
    }

    /// Herald puts the base path before a Markdown link's site path, so there it is left out; in
    /// raw HTML and in absolute addresses it is written.
    @Test func postURLsLinksAndSiteAddressesConvert() {
        let result = jekyll(
            """
            [w]({% post_url 2026-11-02-welcome %}) [a]({% link about.md %}) ![l]({{ site.baseurl }}/assets/l.png)
            [h]({{ site.url }}{{ site.baseurl }}/) [p]({{ "/assets/p.pdf" | relative_url }}) [q]({{ '/q/' | absolute_url }})
            <img src="{{ site.baseurl }}/assets/l.png"> <a href="{% link about.md %}">a</a> <a href="{{ site.url }}{{ site.baseurl }}/x/">x</a>
            """)
        #expect(
            result.text == """
                [w](/2026/11/02/welcome/) [a](/about/) ![l](/assets/l.png)
                [h](https://club.example.org/club/) [p](/assets/p.pdf) [q](https://club.example.org/club/q/)
                <img src="/club/assets/l.png"> <a href="/club/about/">a</a> <a href="https://club.example.org/club/x/">x</a>
                """)
        #expect(result.leftovers.isEmpty)
    }

    @Test func otherLiquidStaysAndEachBlockIsReportedOnce() {
        let result = jekyll(
            "{% if page.tags %}\n{{ page.tags }}\n{% else %}\nnone\n{% endif %}\n{% include video.html id=\"x\" %}\n{% fa_svg fas.fa-calendar %}\n{% post_url 2020-01-01-gone %}"
        )
        #expect(result.text.hasPrefix("{% if page.tags %}\n{{ page.tags }}"))
        #expect(
            result.leftovers.map { "\($0.line) \($0.kind): \($0.reason)" } == [
                "5 Liquid if: Liquid logic has no Markdown equivalent",
                "6 Liquid output: a value of the old site's templates",
                "10 Liquid include: includes a piece of the old theme",
                "11 Liquid fa_svg: a tag of a Jekyll plugin or of the old theme, with no Markdown equivalent",
                "12 Liquid post_url: no post '2020-01-01-gone' in the site",
            ])
    }
}

/// Tags that only make sense in pairs, found alone.
@Suite struct UnpairedLiquidTests {
    @Test func aStrayEndTagStaysAndIsNotCountedAsAConversion() {
        let converter = BodyConverter(
            dialect: .jekyll, allowHTML: true, basePath: "", origin: "", resolver: BodyConversionTests.resolver,
            siteParams: [:])
        let result = converter.convert("a {% endraw %} b {% raw %} c", path: "x.md", firstLine: 1, fields: .empty)
        #expect(result.text == "a {% endraw %} b {% raw %} c")
        #expect(result.converted.isEmpty)
        #expect(result.leftovers.map(\.kind) == ["Liquid raw"])
    }
}
