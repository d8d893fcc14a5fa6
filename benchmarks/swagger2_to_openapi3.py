#!/usr/bin/env python3
"""Translates a Swagger 2.0 document into OpenAPI 3.0.3, for the load
benchmark's real-world document (Kubernetes' API description, which Debian
ships as Swagger 2.0): no multi-megabyte OpenAPI 3 description installs from
Debian or PyPI on this machine.

    benchmarks/swagger2_to_openapi3.py swagger.json out.json [out.yaml]

The translation is the mechanical one the OpenAPI 3 specification lays out:
`host`/`basePath`/`schemes` become `servers`; `definitions`, `parameters`,
`responses` and `securityDefinitions` move under `components` and every
`$ref` follows; a `body` parameter becomes the `requestBody` (one media type
per `consumes`), `formData` parameters a form body; a parameter's `type`,
`format`, `items`, `enum` and bounds move into its `schema`
(`collectionFormat` to `style`/`explode`); a response's `schema` becomes
its content (one media type per `produces`). Vendor extensions stay where
they were. The YAML copy is the same document (PyYAML, block style).
"""
import json
import sys

SCHEMA_KEYS = {"type", "format", "items", "collectionFormat", "default", "maximum", "exclusiveMaximum", "minimum",
               "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "enum",
               "multipleOf"}
STYLES = {"csv": ("form", False), "ssv": ("spaceDelimited", False), "pipes": ("pipeDelimited", False),
          "multi": ("form", True), "tsv": ("form", False)}


def refs(node):
    """Every `$ref` moved to its OpenAPI 3 home, throughout."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                value = (value.replace("#/definitions/", "#/components/schemas/")
                         .replace("#/parameters/", "#/components/parameters/")
                         .replace("#/responses/", "#/components/responses/"))
            out[key] = refs(value)
        return out
    if isinstance(node, list):
        return [refs(item) for item in node]
    return node


def schema_of(item):
    """The schema a Swagger 2 parameter, header or items object describes."""
    schema = {}
    for key, value in item.items():
        if key == "items":
            schema["items"] = schema_of(value)
        elif key == "type" and value == "file":
            schema.update(type="string", format="binary")
        elif key in SCHEMA_KEYS and key != "collectionFormat":
            schema[key] = value
    return schema


def parameter(item):
    if "$ref" in item:
        return item
    out = {key: value for key, value in item.items() if key not in SCHEMA_KEYS and key != "allowEmptyValue"}
    if item.get("allowEmptyValue"):
        out["allowEmptyValue"] = True
    out["schema"] = schema_of(item)
    if item.get("type") == "array" and item.get("in") in ("query", "header", "path", "cookie"):
        style, explode = STYLES.get(item.get("collectionFormat", "csv"), ("form", False))
        if item["in"] != "query":
            style = "simple"
        out["style"], out["explode"] = style, explode
    return out


def operation(op, produces, consumes):
    out = {key: value for key, value in op.items() if key not in ("parameters", "responses", "consumes", "produces", "schemes")}
    consumes = op.get("consumes", consumes) or ["application/json"]
    produces = op.get("produces", produces) or ["application/json"]
    parameters, form = [], {}
    for item in op.get("parameters", []):
        if item.get("in") == "body":
            body = {"content": {kind: {"schema": item.get("schema", {})} for kind in consumes}}
            if item.get("description"):
                body["description"] = item["description"]
            if item.get("required"):
                body["required"] = True
            out["requestBody"] = body
        elif item.get("in") == "formData":
            form[item["name"]] = item
        else:
            parameters.append(parameter(item))
    if form:
        kind = "multipart/form-data" if any(item.get("type") == "file" for item in form.values()) else "application/x-www-form-urlencoded"
        out["requestBody"] = {"content": {kind: {"schema": {
            "type": "object", "properties": {name: schema_of(item) for name, item in form.items()},
            "required": [name for name, item in form.items() if item.get("required")] or None}}}}
        if out["requestBody"]["content"][kind]["schema"]["required"] is None:
            del out["requestBody"]["content"][kind]["schema"]["required"]
    if parameters:
        out["parameters"] = parameters
    out["responses"] = {code: response(answer, produces) for code, answer in op.get("responses", {}).items()}
    return out


def response(answer, produces):
    if "$ref" in answer:
        return answer
    out = {key: value for key, value in answer.items() if key not in ("schema", "examples", "headers")}
    out.setdefault("description", "")
    if "schema" in answer:
        out["content"] = {kind: {"schema": answer["schema"]} for kind in produces}
    if "headers" in answer:
        out["headers"] = {name: {"schema": schema_of(header), **({"description": header["description"]} if "description" in header else {})}
                          for name, header in answer["headers"].items()}
    return out


def convert(document):
    if document.get("swagger") != "2.0":
        raise SystemExit("not a Swagger 2.0 document")
    produces, consumes = document.get("produces"), document.get("consumes")
    out = {"openapi": "3.0.3", "info": document["info"]}
    host = document.get("host", "localhost")
    out["servers"] = [{"url": f"{scheme}://{host}{document.get('basePath', '')}"} for scheme in document.get("schemes", ["https"])]
    for key in ("security", "tags", "externalDocs"):
        if key in document:
            out[key] = document[key]
    paths = {}
    for path, item in document.get("paths", {}).items():
        converted = {}
        for key, value in item.items():
            if key == "parameters":
                converted["parameters"] = [parameter(p) for p in value if p.get("in") not in ("body", "formData")]
            elif key.startswith("x-") or key == "$ref":
                converted[key] = value
            else:
                shared = [p for p in item.get("parameters", []) if p.get("in") in ("body", "formData")]
                converted[key] = operation({**value, "parameters": shared + value.get("parameters", [])}, produces, consumes)
        paths[path] = converted
    out["paths"] = paths
    components = {}
    if document.get("definitions"):
        components["schemas"] = document["definitions"]
    if document.get("parameters"):
        components["parameters"] = {name: parameter(p) for name, p in document["parameters"].items()}
    if document.get("responses"):
        components["responses"] = {name: response(r, produces) for name, r in document["responses"].items()}
    if document.get("securityDefinitions"):
        schemes = {}
        for name, scheme in document["securityDefinitions"].items():
            if scheme.get("type") == "basic":
                schemes[name] = {"type": "http", "scheme": "basic"}
            elif scheme.get("type") == "oauth2":
                flow = {"implicit": "implicit", "password": "password", "application": "clientCredentials", "accessCode": "authorizationCode"}[scheme["flow"]]
                schemes[name] = {"type": "oauth2", "flows": {flow: {key: scheme[key] for key in ("authorizationUrl", "tokenUrl") if key in scheme}
                                                                   | {"scopes": scheme.get("scopes", {})}}}
            else:
                schemes[name] = {key: value for key, value in scheme.items()}
        components["securitySchemes"] = schemes
    out["components"] = components
    return refs(out)


def main():
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__.split("\n\n")[1])
    with open(sys.argv[1], encoding="utf-8") as source:
        document = convert(json.load(source))
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump(document, out, indent=1)
    if len(sys.argv) == 4:
        import yaml
        with open(sys.argv[3], "w", encoding="utf-8") as out:
            yaml.safe_dump(document, out, sort_keys=False, allow_unicode=True, width=120)


if __name__ == "__main__":
    main()
