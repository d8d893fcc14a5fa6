"""The oracle for Understudy's schema validator: openapi-schema-validator's
verdict for each (document, instance) case.

Reads a JSON list of cases from argv[1]:
  {"dialect": "3.0"|"3.1", "document": {...}, "schema": "#/components/schemas/T", "instances": ["JSON text", ...]}
(instances as JSON text, so 1.0 stays a number written with a fraction)
and prints a JSON list of lists of booleans (valid or not), one per instance.
Formats are asserted (date, date-time, uuid, email, int32, int64, ...).
"""
import json
import sys

from openapi_schema_validator import OAS30Validator, OAS31Validator, oas30_format_checker, oas31_format_checker


def verdicts(case):
    root = dict(case["document"])
    root["$ref"] = case["schema"]
    if case["dialect"] == "3.0":
        validator = OAS30Validator(root, format_checker=oas30_format_checker)
    else:
        validator = OAS31Validator(root, format_checker=oas31_format_checker)
    return [next(iter(validator.iter_errors(instance)), None) is None for instance in map(json.loads, case["instances"])]


def main():
    with open(sys.argv[1]) as handle:
        cases = json.load(handle)
    print(json.dumps([verdicts(case) for case in cases]))


if __name__ == "__main__":
    main()
