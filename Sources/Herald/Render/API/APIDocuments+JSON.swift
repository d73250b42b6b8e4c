// The API documents written by the thousand, written straight to JSON (see JSONWritable): each
// field in JSONEncoder's key order. Their `Encodable` conformances are the reference the
// writers are held to (JSONWriterTests), and still write the documents made once per build.

extension APIItem: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("api", api)
            json.field("author", author)
            json.field("authors", authors)
            json.field("categories", categories)
            json.field("category", category)
            json.field("contentHTML", contentHTML)
            json.field("date", date)
            json.field("event", event)
            json.field("id", id)
            json.field("image", image)
            json.field("kind", kind)
            json.field("next", next)
            json.field("previous", previous)
            json.field("readingMinutes", readingMinutes)
            json.field("summary", summary)
            json.field("tags", tags)
            json.field("taxonomies", taxonomies)
            json.field("title", title)
            json.field("updated", updated)
            json.field("url", url)
        }
    }
}

extension APIItemLink: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("api", api)
            json.field("title", title)
            json.field("url", url)
        }
    }
}

extension APICategoryPage: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("category", category)
            json.field("items", items)
            json.field("page", page)
        }
    }
}

extension APICard: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("api", api)
            json.field("author", author)
            json.field("category", category)
            json.field("date", date)
            json.field("event", event)
            json.field("id", id)
            json.field("image", image)
            json.field("kind", kind)
            json.field("summary", summary)
            json.field("title", title)
            json.field("url", url)
        }
    }
}

extension APIEvent: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("address", address)
            json.field("allDay", allDay)
            json.field("end", end)
            json.field("location", location)
            json.field("occurrences", occurrences)
            json.field("organizer", organizer)
            json.field("registration", registration)
            json.field("rrule", rrule)
            json.field("start", start)
            json.field("status", status)
            json.field("timezone", timezone)
        }
    }
}

extension APIOccurrence: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("end", end)
            json.field("start", start)
        }
    }
}

extension APICategory: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("api", api)
            json.field("color", color)
            json.field("count", count)
            json.field("description", description)
            json.field("icon", icon)
            json.field("name", name)
            json.field("slug", slug)
            json.field("url", url)
        }
    }
}

extension APICategoryRef: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("color", color)
            json.field("icon", icon)
            json.field("name", name)
            json.field("slug", slug)
        }
    }
}

extension APITag: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("name", name)
            json.field("slug", slug)
        }
    }
}

extension APITaxonomy: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("api", api)
            json.field("name", name)
            json.field("title", title)
            json.field("url", url)
        }
    }
}

extension APITerm: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("api", api)
            json.field("count", count)
            json.field("description", description)
            json.field("name", name)
            json.field("slug", slug)
            json.field("url", url)
        }
    }
}

extension APITaxonomyTerms: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("taxonomy", taxonomy)
            json.field("terms", terms)
        }
    }
}

extension APITermPage: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("items", items)
            json.field("page", page)
            json.field("taxonomy", taxonomy)
            json.field("term", term)
        }
    }
}

extension APIItemTerms: JSONWritable {
    /// Keys sorted, as every other object's are.
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            for (name, terms) in byTaxonomy.sorted(by: { $0.name < $1.name }) {
                json.key(named: name)
                json.array(terms) { $0.value($1) }
            }
        }
    }
}

extension APIPage: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("next", next)
            json.field("number", number)
            json.field("previous", previous)
            json.field("total", total)
        }
    }
}

extension APIImage: JSONWritable {
    /// Written once per indentation and copied into every card that shows the image, as
    /// `JSONByteEncoder` does, into the same cache: both write the same bytes.
    func writeJSON(to json: inout JSONWriter) {
        let (pretty, depth) = (json.pretty, json.depth)
        json.append(
            written: written.bytes(pretty: pretty, depth: depth) {
                var fresh = JSONWriter(pretty: pretty, depth: depth)
                fresh.object { json in
                    json.field("height", height)
                    json.field("srcset", srcset)
                    json.field("thumbnail", thumbnail)
                    json.field("type", type)
                    json.field("url", url)
                    json.field("width", width)
                }
                return fresh.bytes
            })
    }
}

extension ImageFacts.File: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("height", height)
            json.field("type", type)
            json.field("url", url)
            json.field("width", width)
        }
    }
}
