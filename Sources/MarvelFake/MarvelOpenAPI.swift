/// The Marvel Comics API as an OpenAPI 3.1 document, written from the fake's
/// own tables (routes, filters, orderings) so the two cannot drift apart:
/// every route with its 200 schema, the signing parameters, and the errors
/// the API documents. `specs/marvel.openapi.yaml` is this text, and a test
/// keeps them equal.
public enum MarvelOpenAPI {
    /// The document, as YAML.
    public static var document: String {
        var lines = header
        lines.append("paths:")
        for kind in ResourceKind.allCases {
            lines += operation(path: "/\(kind.rawValue)", id: "list\(title(kind))",
                               summary: "Lists \(kind.rawValue).", filters: kind.filters, ordering: kind, result: kind, single: nil)
            lines += operation(path: "/\(kind.rawValue)/{\(idName(kind))}", id: "get\(title(kind))",
                               summary: "Fetches one of the \(kind.rawValue) by id.",
                               filters: [:], ordering: nil, result: kind, single: kind)
            for sub in kind.subCollections {
                lines += operation(path: "/\(kind.rawValue)/{\(idName(kind))}/\(sub.rawValue)", id: "list\(title(kind))\(title(sub))",
                                   summary: "Lists the \(sub.rawValue) of one of the \(kind.rawValue).",
                                   filters: sub.filters(under: kind), ordering: sub, result: sub, single: kind)
            }
        }
        return lines.joined(separator: "\n") + "\n" + components + "\n"
    }

    static func title(_ kind: ResourceKind) -> String { kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst() }

    static func idName(_ kind: ResourceKind) -> String {
        switch kind {
        case .characters: "characterId"
        case .comics: "comicId"
        case .creators: "creatorId"
        case .events: "eventId"
        case .series: "seriesId"
        case .stories: "storyId"
        }
    }

    static func schemaName(_ kind: ResourceKind) -> String {
        switch kind {
        case .characters: "Character"
        case .comics: "Comic"
        case .creators: "Creator"
        case .events: "Event"
        case .series: "Series"
        case .stories: "Story"
        }
    }

    private static func operation(
        path: String, id: String, summary: String, filters: [String: FilterRule], ordering: ResourceKind?, result: ResourceKind,
        single: ResourceKind?
    ) -> [String] {
        var lines = ["  \(path):", "    get:", "      operationId: \(id)", "      summary: \(summary)", "      parameters:"]
        lines += ["        - $ref: '#/components/parameters/apikey'", "        - $ref: '#/components/parameters/ts'",
                  "        - $ref: '#/components/parameters/hash'", "        - $ref: '#/components/parameters/callback'"]
        if let single {
            lines += ["        - name: \(idName(single))", "          in: path", "          required: true", "          schema: {type: integer}"]
        }
        if let ordering {
            lines += ["        - $ref: '#/components/parameters/limit'", "        - $ref: '#/components/parameters/offset'"]
            let values = ordering.orderings.sorted().flatMap { [$0, "-" + $0] }
            lines += ["        - name: orderBy", "          in: query", "          style: form", "          explode: false",
                      "          schema:", "            type: array",
                      "            items: {type: string, enum: [\(values.joined(separator: ", "))]}"]
        }
        for name in filters.keys.sorted() {
            lines += ["        - name: \(name)", "          in: query", "          schema: \(schema(filters[name]!))"]
            if case .ids = filters[name]! { lines += ["          style: form", "          explode: false"] }
        }
        lines += ["      responses:", "        '200':", "          description: a page of \(result.rawValue)", "          content:",
                  "            application/json:", "              schema: {$ref: '#/components/schemas/\(schemaName(result))DataWrapper'}",
                  "            application/javascript:", "              schema: {$ref: '#/components/schemas/JSONP'}",
                  "        '304': {description: the ETag sent in If-None-Match still names the page}",
                  "        '401': {$ref: '#/components/responses/Error'}", "        '404': {$ref: '#/components/responses/Error'}",
                  "        '405': {$ref: '#/components/responses/Error'}", "        '409': {$ref: '#/components/responses/Error'}",
                  "        '429': {$ref: '#/components/responses/Error'}",
                  "        '414': {description: the request target is longer than the gateway accepts}"]
        return lines
    }

    private static func schema(_ rule: FilterRule) -> String {
        switch rule {
        case .exact, .prefix, .since, .dateRange: return "{type: string, minLength: 1}"
        case .integer: return "{type: integer}"
        case .ids: return "{type: array, maxItems: 10, items: {type: integer}}"
        case .choice(let values, _): return "{type: string, enum: [\(values.map { "'\($0)'" }.joined(separator: ", "))]}"
        case .flag: return "{type: boolean, enum: [true]}"
        case .dateDescriptor: return "{type: string, enum: [lastWeek, thisWeek, nextWeek, thisMonth]}"
        }
    }

    private static let header = [
        "# The Marvel Comics API, as Understudy's fake serves it. Written by MarvelOpenAPI.document",
        "# (Sources/MarvelFake/MarvelOpenAPI.swift) from the fake's own tables; regenerate, do not edit.",
        "openapi: 3.1.0",
        "info:",
        "  title: Marvel Comics API",
        "  version: '1.0'",
        "  description: Every route of gateway.marvel.com/v1/public, with its 200 schema, the signing parameters and the documented errors.",
        "servers:",
        "  - url: http://gateway.marvel.com/v1/public",
    ]

    private static let components = #"""
components:
  parameters:
    apikey: {name: apikey, in: query, required: true, schema: {type: string, minLength: 1}, description: 'The public key.'}
    ts: {name: ts, in: query, schema: {type: string, minLength: 1}, description: 'A timestamp; server-side calls only.'}
    hash: {name: hash, in: query, schema: {type: string, pattern: '^[0-9a-f]{32}$'}, description: 'md5(ts + privateKey + publicKey), server-side calls only.'}
    callback: {name: callback, in: query, schema: {type: string, pattern: '^[A-Za-z_$][A-Za-z0-9_$.]*$'}, description: 'A JSONP callback.'}
    limit: {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 100}}
    offset: {name: offset, in: query, schema: {type: integer, minimum: 0}}
  responses:
    Error:
      description: a Marvel error, in the gateway's shape or the API's
      content:
        application/json:
          schema: {$ref: '#/components/schemas/Error'}
        application/javascript:
          schema: {$ref: '#/components/schemas/JSONP'}
  schemas:
    JSONP:
      type: string
      description: 'With `callback`, the JSON answer wrapped as JSONP: `callback({...});`'
    Error:
      anyOf:
        - type: object
          required: [code, message]
          properties: {code: {type: string}, message: {type: string}}
        - type: object
          required: [code, status]
          properties: {code: {type: integer}, status: {type: string}}
    Image:
      type: [object, 'null']
      required: [path, extension]
      properties: {path: {type: string}, extension: {type: string}}
    Url:
      type: object
      required: [type, url]
      properties: {type: {type: string}, url: {type: string}}
    Summary:
      type: object
      required: [resourceURI, name]
      properties: {resourceURI: {type: string}, name: {type: string}}
    NullableSummary:
      anyOf: [{type: 'null'}, {$ref: '#/components/schemas/Summary'}]
    StorySummary:
      allOf: [{$ref: '#/components/schemas/Summary'}, {type: object, required: [type], properties: {type: {type: string}}}]
    CreatorSummary:
      allOf: [{$ref: '#/components/schemas/Summary'}, {type: object, required: [role], properties: {role: {type: string}}}]
    List:
      type: object
      required: [available, returned, collectionURI, items]
      properties:
        available: {type: integer, minimum: 0}
        returned: {type: integer, minimum: 0, maximum: 20}
        collectionURI: {type: string}
        items: {type: array, maxItems: 20, items: {$ref: '#/components/schemas/Summary'}}
    StoryList:
      allOf: [{$ref: '#/components/schemas/List'}, {type: object, properties: {items: {type: array, items: {$ref: '#/components/schemas/StorySummary'}}}}]
    CreatorList:
      allOf: [{$ref: '#/components/schemas/List'}, {type: object, properties: {items: {type: array, items: {$ref: '#/components/schemas/CreatorSummary'}}}}]
    Date:
      type: string
      description: 'The API''s own format, e.g. 2014-04-29T14:18:17-0400 (no colon in the offset).'
    Character:
      type: object
      required: [id, name, description, modified, thumbnail, resourceURI, comics, series, stories, events, urls]
      properties:
        id: {type: integer}
        name: {type: string}
        description: {type: [string, 'null']}
        modified: {$ref: '#/components/schemas/Date'}
        thumbnail: {$ref: '#/components/schemas/Image'}
        resourceURI: {type: string}
        comics: {$ref: '#/components/schemas/List'}
        series: {$ref: '#/components/schemas/List'}
        stories: {$ref: '#/components/schemas/StoryList'}
        events: {$ref: '#/components/schemas/List'}
        urls: {type: array, items: {$ref: '#/components/schemas/Url'}}
    Comic:
      type: object
      required: [id, digitalId, title, issueNumber, variantDescription, description, modified, isbn, upc, diamondCode, ean, issn, format,
                 pageCount, textObjects, resourceURI, urls, series, variants, collections, collectedIssues, dates, prices, thumbnail, images,
                 creators, characters, stories, events]
      properties:
        id: {type: integer}
        digitalId: {type: integer}
        title: {type: string}
        issueNumber: {type: number}
        variantDescription: {type: string}
        description: {type: [string, 'null']}
        modified: {$ref: '#/components/schemas/Date'}
        isbn: {type: string}
        upc: {type: string}
        diamondCode: {type: string}
        ean: {type: string}
        issn: {type: string}
        format: {type: string}
        pageCount: {type: integer}
        textObjects:
          type: array
          items: {type: object, required: [type, language, text], properties: {type: {type: string}, language: {type: string}, text: {type: string}}}
        resourceURI: {type: string}
        urls: {type: array, items: {$ref: '#/components/schemas/Url'}}
        series: {$ref: '#/components/schemas/Summary'}
        variants: {type: array, items: {$ref: '#/components/schemas/Summary'}}
        collections: {type: array, items: {$ref: '#/components/schemas/Summary'}}
        collectedIssues: {type: array, items: {$ref: '#/components/schemas/Summary'}}
        dates:
          type: array
          items: {type: object, required: [type, date], properties: {type: {type: string}, date: {$ref: '#/components/schemas/Date'}}}
        prices:
          type: array
          items: {type: object, required: [type, price], properties: {type: {type: string}, price: {type: number}}}
        thumbnail: {$ref: '#/components/schemas/Image'}
        images: {type: array, items: {$ref: '#/components/schemas/Image'}}
        creators: {$ref: '#/components/schemas/CreatorList'}
        characters: {$ref: '#/components/schemas/List'}
        stories: {$ref: '#/components/schemas/StoryList'}
        events: {$ref: '#/components/schemas/List'}
    Creator:
      type: object
      required: [id, firstName, middleName, lastName, suffix, fullName, modified, thumbnail, resourceURI, comics, series, stories, events, urls]
      properties:
        id: {type: integer}
        firstName: {type: string}
        middleName: {type: string}
        lastName: {type: string}
        suffix: {type: string}
        fullName: {type: string}
        modified: {$ref: '#/components/schemas/Date'}
        thumbnail: {$ref: '#/components/schemas/Image'}
        resourceURI: {type: string}
        comics: {$ref: '#/components/schemas/List'}
        series: {$ref: '#/components/schemas/List'}
        stories: {$ref: '#/components/schemas/StoryList'}
        events: {$ref: '#/components/schemas/List'}
        urls: {type: array, items: {$ref: '#/components/schemas/Url'}}
    Event:
      type: object
      required: [id, title, description, resourceURI, urls, modified, start, end, thumbnail, creators, characters, stories, comics, series, next, previous]
      properties:
        id: {type: integer}
        title: {type: string}
        description: {type: [string, 'null']}
        resourceURI: {type: string}
        urls: {type: array, items: {$ref: '#/components/schemas/Url'}}
        modified: {$ref: '#/components/schemas/Date'}
        start: {type: [string, 'null']}
        end: {type: [string, 'null']}
        thumbnail: {$ref: '#/components/schemas/Image'}
        creators: {$ref: '#/components/schemas/CreatorList'}
        characters: {$ref: '#/components/schemas/List'}
        stories: {$ref: '#/components/schemas/StoryList'}
        comics: {$ref: '#/components/schemas/List'}
        series: {$ref: '#/components/schemas/List'}
        next: {$ref: '#/components/schemas/NullableSummary'}
        previous: {$ref: '#/components/schemas/NullableSummary'}
    Series:
      type: object
      required: [id, title, description, resourceURI, urls, startYear, endYear, rating, type, modified, thumbnail, creators, characters, stories,
                 comics, events, next, previous]
      properties:
        id: {type: integer}
        title: {type: string}
        description: {type: [string, 'null']}
        resourceURI: {type: string}
        urls: {type: array, items: {$ref: '#/components/schemas/Url'}}
        startYear: {type: integer}
        endYear: {type: integer}
        rating: {type: string}
        type: {type: string}
        modified: {$ref: '#/components/schemas/Date'}
        thumbnail: {$ref: '#/components/schemas/Image'}
        creators: {$ref: '#/components/schemas/CreatorList'}
        characters: {$ref: '#/components/schemas/List'}
        stories: {$ref: '#/components/schemas/StoryList'}
        comics: {$ref: '#/components/schemas/List'}
        events: {$ref: '#/components/schemas/List'}
        next: {$ref: '#/components/schemas/NullableSummary'}
        previous: {$ref: '#/components/schemas/NullableSummary'}
    Story:
      type: object
      required: [id, title, description, resourceURI, type, modified, thumbnail, creators, characters, series, comics, events, originalIssue]
      properties:
        id: {type: integer}
        title: {type: string}
        description: {type: [string, 'null']}
        resourceURI: {type: string}
        type: {type: string}
        modified: {$ref: '#/components/schemas/Date'}
        thumbnail: {$ref: '#/components/schemas/Image'}
        creators: {$ref: '#/components/schemas/CreatorList'}
        characters: {$ref: '#/components/schemas/List'}
        series: {$ref: '#/components/schemas/List'}
        comics: {$ref: '#/components/schemas/List'}
        events: {$ref: '#/components/schemas/List'}
        originalIssue: {$ref: '#/components/schemas/Summary'}
"""# + "\n" + wrappers

    private static var wrappers: String {
        ResourceKind.allCases.map { kind in
            let name = schemaName(kind)
            return """
                \(name)DataWrapper:
                  type: object
                  required: [code, status, copyright, attributionText, attributionHTML, etag, data]
                  properties:
                    code: {type: integer, const: 200}
                    status: {type: string}
                    copyright: {type: string}
                    attributionText: {type: string}
                    attributionHTML: {type: string}
                    etag: {type: string, pattern: '^[0-9a-f]{40}$'}
                    data:
                      type: object
                      required: [offset, limit, total, count, results]
                      properties:
                        offset: {type: integer, minimum: 0}
                        limit: {type: integer, minimum: 1, maximum: 100}
                        total: {type: integer, minimum: 0}
                        count: {type: integer, minimum: 0}
                        results: {type: array, items: {$ref: '#/components/schemas/\(name)'}}
            """
        }.joined(separator: "\n")
    }
}
