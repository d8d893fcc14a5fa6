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
        Case(id: "C17", template: "{{xPath request.body '/r/i[2]/text()'}}|{{xPath request.body '/r/i/@n'}}|[{{xPath request.body '/root/zz'}}]",
             method: "POST", target: "/t/C17", body: #"<r><i n="1">one</i><i n="2">two</i></r>"#, expected: "two|1|[]"),
        Case(id: "C18", template: "{{soapXPath request.body 'Op/V/text()'}}", method: "POST", target: "/t/C18", body: soap, expected: "42"),
        Case(id: "C70", template: "{{#each (xPath request.body '/r/i')}}{{this.text}}-{{this.name}}-{{this.attributes.n}};{{/each}}|{{xPath request.body 'count(/r/i)'}}|{{xPath 'not xml' '/a'}}",
             method: "POST", target: "/t/C70", body: #"<r><i n="1">one</i><i n="2">two</i></r>"#,
             expected: "one-i-1;two-i-2;|[ERROR: count(/r/i) is not a valid XPath expression]|[ERROR: not xml is not valid XML]"),
        Case(id: "C71", template: #"{{{xPath request.body '/r/i[1]'}}}|{{xPath request.body '/r/i[@n="2"]/text()'}}|{{xPath request.body 'string(/r/i[1]/@n)'}}"#,
             method: "POST", target: "/t/C71", body: #"<r><i n="1">one</i><i n="2">two</i></r>"#,
             expected: "<i n=\"1\">one</i>\n|two|[ERROR: string(/r/i[1]/@n) is not a valid XPath expression]"),
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
        Case(id: "C46", template: "{{capitalizeFirst 'hello world'}}|{{center 'ab' size=6 pad='*'}}|{{ljust 'ab' size=5 pad='.'}}|{{rjust 'ab' size=5 pad='.'}}|{{cut 'a-b-c' '-'}}", target: "/t/C46", expected: "Hello world|**ab**|ab...|...ab|abc"),
        Case(id: "C47", template: "{{slugify 'Hello World Ünï!'}}|{{stripTags '<b>bold</b> <i>x</i>'}}|{{wordWrap 'aaa bbb ccc' 5}}", target: "/t/C47", expected: "hello-world-ünï|bold x|aaa\nbbb\nccc"),
        Case(id: "C48", template: "{{yesno true}}|{{yesno false}}|{{yesno null}}|{{yesno true yes='Y'}}|{{numberFormat 1234567 'integer'}}", target: "/t/C48", expected: "yes|no|maybe|Y|1,234,567"),
        Case(id: "C49", template: "{{isEven 2}}|{{isOdd 2}}|{{isOdd 3}}|{{stripes 3 'even' 'odd'}}|{{stripes 2 'even' 'odd'}}", target: "/t/C49", expected: "even||odd|odd|even"),
        Case(id: "C50", template: "{{dateFormat (parseDate '2023-03-15T10:20:30Z') 'yyyy/MM/dd'}}|{{parseDate '2023-03-15T10:20:30+02:00'}}|[{{parseDate 'garbage'}}]|{{date (parseDate '2023-03-15T10:20:30Z') timezone='Asia/Tokyo'}}", target: "/t/C50", expected: "2023/03/15|2023-03-15T10:20:30+02:00|[]|2023-03-15T10:20:30Z"),
        Case(id: "C51", template: "{{truncateDate (parseDate '2023-03-15T10:20:30Z') 'first second of minute'}}|{{truncateDate (parseDate '2023-03-15T10:20:30Z') 'first minute of hour'}}|{{truncateDate (parseDate '2023-03-15T10:20:30Z') 'first hour of day'}}|{{truncateDate (parseDate '2023-03-15T10:20:30Z') 'first day of next month'}}|{{truncateDate (parseDate '2023-03-15T10:20:30Z') 'last day of month'}}|{{truncateDate (parseDate '2023-03-15T10:20:30Z') 'first day of year'}}|{{truncateDate (parseDate '2023-03-15T10:20:30Z') 'first day of next year'}}", target: "/t/C51", expected: "2023-03-15T10:20:00Z|2023-03-15T10:00:00Z|2023-03-15T00:00:00Z|2023-04-01T00:00:00Z|2023-03-31T00:00:00Z|2023-01-01T00:00:00Z|2024-01-01T00:00:00Z"),
        Case(id: "C52", template: "{{#each request.query}}{{@key}}={{this}};{{/each}}|{{#each request.headers.X-A}}{{@index}}{{this}}{{/each}}", target: "/t/C52?a=1&b=2&a=3", headers: [("X-A", "p"), ("X-A", "q")], expected: "a=1;b=2;|0p1q"),
        Case(id: "C53", template: "{{#each (array)}}x{{else}}empty{{/each}}|{{#with request.query.nope}}has{{else}}none{{/with}}|{{#unless true}}no{{else}}yes{{/unless}}", target: "/t/C53", expected: "empty|none|yes"),
        Case(id: "C54", template: "{{lookup (array 'a' 'b' 'c') 2}}|{{upper (lower (capitalize 'aB cD'))}}|{{join (jsonPath request.body '$.tags') '+'}}", method: "POST", target: "/t/C54", body: #"{"tags":["x","y"]}"#, expected: "c|AB CD|x+y"),
        Case(id: "C55", template: "{{gte 3 3}}|{{lte 2 3}}|{{lt 3 2}}|{{#and true 1}}A{{else}}B{{/and}}|{{#or false 0}}A{{else}}B{{/or}}|{{#not false}}N{{/not}}|{{#eq 1 1}}E{{else}}X{{/eq}}", target: "/t/C55", expected: "true|true|false|A|B|N|E"),
        Case(id: "C56", template: "{{regexExtract 'abc' '(['}}|{{regexExtract request.body '[0-9]+'}}|{{math 1 '+'}}", method: "POST", target: "/t/C56", body: "id=123", expected: "[ERROR: Invalid regex string ([]|123|[ERROR: All maths functions require two operands and an operator as parameters e.g. 3 &#x27;+&#x27; 2]"),
        Case(id: "C57", template: "{{#base64}}hello{{/base64}}|{{join (array 1 2 3) ', '}}|{{substring 'abcdef' 2}}|{{abbreviate 'hi' 8}}|{{defaultIfEmpty 'x' 'd'}}", target: "/t/C57", expected: "aGVsbG8=|1, 2, 3|cdef|hi|x"),
        Case(id: "C58", template: "{{replace 'a.b.c' '.' '-'}}|{{capitalize 'a  b'}}|{{size request.query}}|{{contains request.query.v '2'}}|{{matches request.query.v '[0-9]'}}", target: "/t/C58?v=1&v=2", expected: "a-b-c|A  B|1|true|true"),
        Case(id: "C59", template: "{{jsonPath request.body '$.items.length()'}}|{{jsonPath request.body '$.items[?(@.id==2)].p'}}|{{jsonPath request.body '$.ok'}}|{{jsonPath request.body '$.items[0].p'}}", method: "POST", target: "/t/C59", body: #"{"ok":true,"items":[{"id":1,"p":2},{"id":2,"p":3}]}"#, expected: "2|[3]|true|2"),
        Case(id: "C60", template: "{{formData request.body 'f'}}[{{f.c}}]{{f.a}}|{{size (formData request.body)}}|[{{parameters.none}}]", method: "POST", target: "/t/C60", body: "a=1&c=&d=x", expected: "[]1|2|[]"),
        Case(id: "C61", template: "{{randomInt lower=5 upper=6}}|{{pickRandom 'only'}}|[{{randomValue length=0}}]|{{size (randomValue length=12 type='NUMERIC')}}", target: "/t/C61", expected: "5|only|[]|12"),
        Case(id: "C62", template: "{{request.requestLine.method}} {{request.requestLine.url}} {{request.requestLine.pathSegments.[1]}} {{request.requestLine.query.q}} {{request.requestLine.scheme}}", target: "/t/C62?q=z", expected: "GET /t/C62?q&#x3D;z C62 z http"),
        Case(id: "C63", template: "{{#each (range 1 3) as |n|}}{{n}}{{#unless @last}},{{/unless}}{{/each}}|{{#each (array 'a' 'b')}}{{@index}}{{@first}}{{/each}}", target: "/t/C63", expected: "1,2,3|0first1"),
        Case(id: "C64", template: "{{math 7 '-' 10}}|{{math 3 '*' 4}}|{{math 7.5 '%' 2}}|{{math '4' '+' '5'}}|{{math 2 '/' 3}}", target: "/t/C64", expected: "-3|12|1.5|9|1"),
        Case(id: "C65", template: "{{stringFormat '%s-%d' 'a' 5}}|{{stringFormat '%.2f' 3.14159}}|{{stringFormat '%5s|' 'ab'}}", target: "/t/C65", expected: "a-5|3.14|   ab|"),
        Case(id: "C66", template: "{{{request.headers.X-J}}}|{{request.headers.X-J}}|{{request.headers.missing}}|{{size request.headers.X-J}}", target: "/t/C66", headers: [("X-J", #"{"a":"<b>"}"#)], expected: #"{"a":"<b>"}|{&quot;a&quot;:&quot;&lt;b&gt;&quot;}||1"#),
        Case(id: "C67", template: #"{{jsonPath '{"a":{"b":[1,{"c":null}]}}' '$.a'}}"#, target: "/t/C67", expected: "{\n  &quot;b&quot; : [ 1, { } ]\n}"),
        Case(id: "C68", template: #"{{#assign 'x'}}{{#each (array 1 2)}}{{this}}{{/each}}{{/assign}}[{{x}}]|{{#with (parseJson '{"k":"v"}')}}{{k}}{{/with}}"#, target: "/t/C68", expected: "[12]|v"),
        Case(id: "C69", template: #"{{date (parseDate '1678875630000' format='epoch') format='yyyy-MM-dd\'T\'HH:mm'}}|{{date (parseDate '2023-03-15 10:20' format='yyyy-MM-dd HH:mm') format='HH'}}"#, target: "/t/C69", expected: "2023-03-15T10:20|10"),
    ]

    /// The request a case sends, as the server records it (`Host` as a client sends it).
    public static func request(_ item: Case, port: Int) -> RecordedRequest {
        var headers = HTTPHeaders()
        headers.add("Host", "127.0.0.1:\(port)")
        for (name, value) in item.headers { headers.add(name, value) }
        return RecordedRequest(method: item.method, target: item.target, headers: headers, body: Data(item.body.utf8))
    }
}
