#!/usr/bin/env python3
"""Python's jsonschema (what check-jsonschema runs) on the body and schema that
WorkspaceBenchmarks' "JSONSchemaValidator.validate, 100 MB list" uses, for a side-by-side figure.

    python3 scripts/measure-schema-check.py [megabytes]   # default 100

Prints the parse and validation times and the peak RSS; needs `pip install jsonschema`.
"""
import json
import resource
import sys
import time

import jsonschema

size = int(sys.argv[1] if len(sys.argv) > 1 else 100) * 1_000_000
parts, index, length = [], 0, 1
while length < size:
    item = ('{"id":%d,"name":"item %d","url":"/items/%d","price":%d.25,"active":%s,'
            '"tags":["alpha","beta","gamma"],"owner":{"id":%d,"name":"owner %d"}}'
            % (index, index, index, index, "true" if index % 2 == 0 else "false", index % 97, index % 97))
    parts.append(item)
    length += len(item) + 1
    index += 1
text = "[" + ",".join(parts) + "]"
schema = {"type": "array", "items": {
    "type": "object", "required": ["id", "name", "url", "price", "active", "tags", "owner"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "integer", "minimum": 0}, "name": {"type": "string", "minLength": 1},
        "url": {"type": "string", "pattern": "^/items/[0-9]+$"}, "price": {"type": "number", "multipleOf": 0.01},
        "active": {"type": "boolean"}, "tags": {"type": "array", "items": {"enum": ["alpha", "beta", "gamma"]}},
        "owner": {"type": "object", "required": ["id", "name"],
                  "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}
start = time.perf_counter()
body = json.loads(text)
parsed = time.perf_counter()
validator = jsonschema.Draft202012Validator(schema)
errors = list(validator.iter_errors(body))
done = time.perf_counter()
print(f"{len(text) / 1e6:.0f} MB, {index} items: json.loads {parsed - start:.2f} s, "
      f"validate {done - parsed:.2f} s, {len(errors)} errors, "
      f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
