// Converts a Google discovery document's schemas (with $ref) to JSON Schema for ajv. Objects that
// list properties get additionalProperties: false, so an invented field fails validation.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

interface DiscoverySchema {
  id?: string;
  type?: string;
  $ref?: string;
  format?: string;
  enum?: string[];
  properties?: Record<string, DiscoverySchema>;
  additionalProperties?: DiscoverySchema;
  items?: DiscoverySchema;
}

type JsonSchema = Record<string, unknown>;

/** One discovery schema → JSON Schema. */
export function toJsonSchema(s: DiscoverySchema): JsonSchema {
  if (s.$ref) return { $ref: `#/definitions/${s.$ref}` };
  switch (s.type) {
    case 'object': {
      const out: JsonSchema = { type: 'object' };
      if (s.properties) {
        out.properties = Object.fromEntries(
          Object.entries(s.properties).map(([k, v]) => [k, toJsonSchema(v)]),
        );
        out.additionalProperties = s.additionalProperties
          ? toJsonSchema(s.additionalProperties)
          : false;
      } else if (s.additionalProperties)
        out.additionalProperties = toJsonSchema(s.additionalProperties);
      return out;
    }
    case 'array':
      return { type: 'array', items: s.items ? toJsonSchema(s.items) : {} };
    case 'string': {
      const out: JsonSchema = { type: 'string' };
      if (s.enum) out.enum = s.enum;
      if (s.format === 'date-time') out.format = 'date-time';
      if (s.format === 'int64' || s.format === 'uint64') out.pattern = '^-?\\d+$';
      return out;
    }
    case 'integer':
      return { type: 'integer' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    default:
      return {};
  }
}

/** Compiles validators for named schemas of a discovery document. */
export function discoveryValidators(doc: {
  schemas: Record<string, DiscoverySchema>;
}): (name: string) => ValidateFunction {
  const definitions = Object.fromEntries(
    Object.entries(doc.schemas).map(([k, v]) => [k, toJsonSchema(v)]),
  );
  const ajv = new Ajv({ allErrors: true, strict: false });
  const addFormats =
    (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
    addFormatsModule;
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  ajv.addSchema({ $id: 'discovery', definitions });
  return (name: string) => {
    const validate = ajv.getSchema(`discovery#/definitions/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    return validate;
  };
}
