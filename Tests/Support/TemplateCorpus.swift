import Foundation
public import StubKit

/// The templating corpus of `../shared/reference/templating.md` §10, each
/// output as the WireMock 2.35.1 jar rendered it. The unit tests render it
/// with our engine; the differential test sends it to the jar and to us.
public enum TemplateCorpus {
    /// One template, the request it renders for, and the jar's output.
    public struct Case: Sendable {
        /// `C01`: the reference's name.
        public var id: String
        /// The template.
        public var template: String
        /// The request's method.
        public var method = "GET"
        /// The request's target.
        public var target: String
        /// Request headers.
        public var headers: [(String, String)] = []
        /// The request body.
        public var body = ""
        /// The jar's output; `nil` for a 500.
        public var expected: String?

        /// A case.
        public init(id: String, template: String, method: String = "GET", target: String, headers: [(String, String)] = [],
                    body: String = "", expected: String?) {
            self.id = id
            self.template = template
            self.method = method
            self.target = target
            self.headers = headers
            self.body = body
            self.expected = expected
        }
    }

    /// The JSON body the reference sends.
    public static let json = #"{"id":7,"name":"Ann","tags":["a","b"],"obj":{"k":"v"},"items":[{"id":1},{"id":2}]}"#
    /// A SOAP 1.1 envelope.
    public static let soap = #"<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><Op><V>42</V></Op></soapenv:Body></soapenv:Envelope>"#

    /// Every case.
    public static let cases: [Case] = [
        Case(id: "C01", template: "{{request.method}} {{request.url}} {{request.path}}", method: "PUT", target: "/t/C01/x?a=1",
             expected: "PUT /t/C01/x?a&#x3D;1 /t/C01/x"),
        Case(id: "C02", template: "{{request.pathSegments.[0]}}|{{request.path.[2]}}|[{{request.pathSegments.[9]}}]", target: "/t/C02/seg2",
             expected: "t|seg2|[]"),
        Case(id: "C03", template: "{{request.query.a}}|{{request.query.a.[1]}}|{{request.query.a.first}}|{{request.query.a.last}}|{{request.query.a.[-1]}}",
             target: "/t/C03?a=1&a=2&a=3&a=4", expected: "1|2|1|4|3"),
        Case(id: "C04", template: "[{{request.query.q}}]", target: "/t/C04?q=x%20y+z%26", expected: "[x y z&amp;]"),
        Case(id: "C05", template: "[{{request.query.flag}}][{{request.query.missing}}][{{size request.query}}]", target: "/t/C05?flag&e=",
             expected: "[][][2]"),
        Case(id: "C06", template: "{{lookup request.query 'ids[].1'}}|{{lookup request.query 'f[o]'}}|{{lookup request.query 'ids[]'}}",
             target: "/t/C06?ids[]=11&ids[]=22&f[o]=9", expected: "22|9|11"),
        Case(id: "J1", template: "{{{jsonPath request.body '$'}}}|{{{jsonPath request.body '$.arr'}}}|{{#each (jsonPath request.body '$.arr')}}{{this}};{{/each}}|{{jsonPath request.body '$.z'}}|{{jsonPath request.body '$.n'}}|{{jsonPath request.body '$.a.y'}}",
             method: "POST", target: "/t/J1", body: #"{"z":1,"a":{"y":2.50,"b":null},"arr":[{"q":1,"c":[1,2]},3,"s",null],"n":-0.5}"#,
             expected: "{\n  \"z\" : 1,\n  \"a\" : {\n    \"y\" : 2.5\n  },\n  \"arr\" : [ {\n    \"q\" : 1,\n    \"c\" : [ 1, 2 ]\n  }, 3, \"s\", null ],\n  \"n\" : -0.5\n}"
                + #"|[{"q":1,"c":[1,2]},3,"s",null]|{q&#x3D;1, c&#x3D;[1,2]};3;s;;|1|-0.5|2.5"#),
        Case(id: "J2", template: "{{#each (array 1 2)}}{{#if @first}}{{../request.method}}{{request.method}}{{/if}}{{/each}}|{{jsonPath request.body '$.f'}}|{{jsonPath request.body '$.big'}}|{{math 2147483647 '+' 1}}",
             method: "POST", target: "/t/J2", body: #"{"f":1.0,"big":1e3}"#, expected: "POSTPOST|1.0|1000.0|2147483648"),
        Case(id: "C07", template: "{{request.headers.x-trace}}|{{request.headers.[X-Trace]}}|{{#each request.headers.X-Multi}}<{{this}}>{{/each}}",
             target: "/t/C07", headers: [("X-Trace", "t1"), ("X-Multi", "a"), ("X-Multi", "b")], expected: "t1|t1|<a><b>"),
        Case(id: "C08", template: "{{request.cookies.sid}}|{{request.cookies.c.[1]}}", target: "/t/C08", headers: [("Cookie", "sid=s1; c=1; c=2")],
             expected: "s1|2"),
        Case(id: "C10", template: "{{request.body}}|{{{request.body}}}", method: "POST", target: "/t/C10", body: #"<a b="c">'&`=</a>"#,
             expected: #"&lt;a b&#x3D;&quot;c&quot;&gt;&#x27;&amp;&#x60;&#x3D;&lt;/a&gt;|<a b="c">'&`=</a>"#),
        Case(id: "C11", template: "{{jsonPath request.body '$.name'}}|{{jsonPath request.body '$.id'}}|{{jsonPath request.body '$.tags[1]'}}",
             method: "POST", target: "/t/C11", body: json, expected: "Ann|7|b"),
        Case(id: "C12", template: "{{{jsonPath request.body '$.obj'}}}", method: "POST", target: "/t/C12", body: json, expected: "{\n  \"k\" : \"v\"\n}"),
        Case(id: "C13", template: "{{{jsonPath request.body '$.tags'}}}|{{{jsonPath request.body '$.items[*].id'}}}", method: "POST", target: "/t/C13",
             body: json, expected: #"["a","b"]|[1,2]"#),
        Case(id: "C14", template: "[{{jsonPath request.body '$.nope'}}]|{{jsonPath request.body '$.nope' default='d'}}", method: "POST",
             target: "/t/C14", body: json, expected: "[]|d"),
        Case(id: "C15", template: "{{jsonPath request.body '$.['}}", method: "POST", target: "/t/C15", body: json,
             expected: "[ERROR: $.[ is not a valid JSONPath expression]"),
        Case(id: "C16", template: "{{#each (jsonPath request.body '$.items')}}{{@index}}:{{id}}{{#if @first}}F{{/if}}{{#if @last}}L{{/if}} {{/each}}",
             method: "POST", target: "/t/C16", body: json, expected: "0:1F 1:2L "),
        Case(id: "C19", template: "{{regexExtract request.path '[0-9]+'}}|{{regexExtract request.path '([a-z]+)-([0-9]+)' 'p'}}{{p.0}}/{{p.1}}|{{regexExtract 'x' '[0-9]' default='none'}}",
             target: "/t/C19/ab-12", expected: "19|ab/12|none"),
        Case(id: "C20", template: "{{date (parseDate '2023-03-15T10:20:30Z') offset='1 days' format='yyyy-MM-dd HH:mm'}}|{{date (parseDate '2023-03-15T10:20:30Z') format='epoch'}}|{{date (parseDate '2023-03-15T10:20:30Z') format='unix'}}",
             target: "/t/C20", expected: "2023-03-16 10:20|1678875630000|1678875630"),
        Case(id: "C21", template: "{{parseDate '15/03/2023' format='dd/MM/yyyy'}}|{{parseDate '1678875630' format='unix'}}|{{parseDate 'Wed, 15 Mar 2023 10:20:30 GMT'}}",
             target: "/t/C21", expected: "2023-03-15T00:00:00Z|2023-03-15T10:20:30Z|2023-03-15T10:20:30Z"),
        Case(id: "C22", template: "{{truncateDate (parseDate '2023-03-15T10:20:30Z') 'first day of month'}}|{{truncateDate (parseDate '2023-03-15T10:20:30Z') 'last day of year'}}",
             target: "/t/C22", expected: "2023-03-01T00:00:00Z|2023-12-31T00:00:00Z"),
        Case(id: "C23", template: "{{base64 'hi there'}}|{{base64 'ab' padding=false}}|{{base64 'aGk=' decode=true}}", target: "/t/C23",
             expected: "aGkgdGhlcmU&#x3D;|YWI|hi"),
        Case(id: "C24", template: "{{urlEncode 'a b/c?d=é'}}|{{urlEncode 'a+b%2Fc' decode=true}}", target: "/t/C24", expected: "a+b%2Fc%3Fd%3D%C3%A9|a b/c"),
        Case(id: "C25", template: "{{formData request.body 'f'}}{{f.a}}|{{f.a.[1]}}|{{f.n}}|{{formData request.body 'g' urlDecode=true}}{{g.n}}",
             method: "POST", target: "/t/C25", body: "a=1&a=2&n=x%20y", expected: "1|2|x%20y|x y"),
        Case(id: "C26", template: "{{size 'abc'}}|{{size (array 1 2)}}|{{size request.headers.X-M}}", target: "/t/C26",
             headers: [("X-M", "1"), ("X-M", "2"), ("X-M", "3")], expected: "3|2|3"),
        Case(id: "C27", template: "{{math 7 '+' 3}}|{{math 10 '/' 4}}|{{math 10.0 '/' 4}}|{{math 7 '%' 3}}|{{math 1.5 'x' 2}}|{{math 'a' '+' 1}}",
             target: "/t/C27", expected: "10|3|2.5|1|3.0|1"),
        Case(id: "C28", template: "{{range 1 3}}|{{array 1 'b'}}|{{join (array 'a' 'b') '-'}}", target: "/t/C28", expected: "[1, 2, 3]|[1, b]|a-b"),
        Case(id: "C29", template: #"{{#parseJson 'o'}}{"k":{"n":[1,2]}}{{/parseJson}}{{o.k.n.[1]}}|{{parseJson '{"a":1}'}}"#, target: "/t/C29",
             expected: "2|{a&#x3D;1}"),
        Case(id: "C30", template: "{{#if (eq request.query.t.[0] 'x')}}EQ{{else if (gt 3 2)}}GT{{else}}NO{{/if}}|{{eq request.query.t 'x'}}|{{neq 1 2}}|{{and true (not false)}}|{{or false ''}}",
             target: "/t/C30?t=x", expected: "EQ|false|true|true|false"),
        Case(id: "C31", template: "{{contains 'abc' 'b'}}|{{#contains (array 'a' 'b') 'b'}}has{{/contains}}|{{matches '123' '[0-9]+'}}|{{#matches 'ab' '[0-9]+'}}num{{else}}notnum{{/matches}}",
             target: "/t/C31", expected: "true|has|true|"),
        Case(id: "C32", template: "{{#assign 'v'}}id-{{request.query.n}}{{/assign}}{{v}}|{{#with request.query}}{{n}}{{/with}}|{{#unless request.query.z}}noz{{/unless}}",
             target: "/t/C32?n=5", expected: "id-5|5|noz"),
        Case(id: "C33", template: "{{capitalize 'ab cd'}}|{{abbreviate 'hello world' 8}}|{{upper 'x'}}{{lower 'Y'}}|{{replace 'a.b' '.' '_'}}|{{substring 'abcdef' 1 3}}|{{defaultIfEmpty '' 'dflt'}}|{{stringFormat '%03d' 7}}",
             target: "/t/C33", expected: "Ab Cd|hello...|Xy|a_b|bc|dflt|007"),
        Case(id: "C34", template: "[{{trim '  x  '}}][{{#trim}}  y  {{/trim}}]", target: "/t/C34", expected: "[x][y]"),
        Case(id: "C35", template: "a {{! c }}b{{!-- }} --}} [ {{~request.method~}} ]", target: "/t/C35", expected: "a b [GET ]"),
        Case(id: "C36", template: "L1\n{{#each (array 1 2)}}\n-{{this}}\n{{/each}}\nL2", target: "/t/C36", expected: "L1\n\n-1\n\n-2\n\nL2"),
        Case(id: "C37", template: "keep }} this {{request.method}} and {{ this", target: "/t/C37", expected: "keep }} this GET and {{ this"),
        Case(id: "C39", template: "[{{nosuch}}][{{request.nope.deeper}}]", target: "/t/C39", expected: "[][]"),
        Case(id: "C42", template: "{{jsonPath request.body '$.a'}}", target: "/t/C42", expected: nil),
        Case(id: "C43", template: "{{now offset='2 weeks'}}", target: "/t/C43", expected: nil),
        Case(id: "C45", template: "{{systemValue key='PATH'}}", target: "/t/C45", expected: "[ERROR: Access to PATH is denied]"),
    ]

    /// The request a case sends, as the server records it (`Host` as a client sends it).
    public static func request(_ item: Case, port: Int) -> RecordedRequest {
        var headers = HTTPHeaders()
        headers.add("Host", "127.0.0.1:\(port)")
        for (name, value) in item.headers { headers.add(name, value) }
        return RecordedRequest(method: item.method, target: item.target, headers: headers, body: Data(item.body.utf8))
    }
}
