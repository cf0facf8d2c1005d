import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodSchemaSerializer = FastifySerializerCompiler<z.ZodType>;

/**
 * Response serialisation (decision 015). A route's zod response schema is turned once into JSON Schema and
 * compiled by fast-json-stringify, which writes only the properties the schema names: a field the schema does
 * not list (a password hash, say) never reaches the client. The zod serialiser parsed every answer with zod and
 * then ran JSON.stringify, the slowest step of a list answer. A schema JSON Schema cannot describe (a transform,
 * a date) keeps the zod serialiser.
 */
export const serializerCompiler: ZodSchemaSerializer = (route) => {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { target: 'draft-07', io: 'output', unrepresentable: 'throw' });
  } catch {
    return zodSerializerCompiler(route);
  }
  const { $schema: _ignored, ...schema } = jsonSchema;
  return fastJsonStringify(schema);
};

/**
 * The same serialiser, compiled when the route first answers with that status rather than when the app starts:
 * what it writes is the same. For the API tests, whose apps each answer from a few routes
 * (docs/decisions/073-npm-test-under-budget-again.md); the server compiles every one at start.
 */
export const serializerCompilerOnFirstAnswer: ZodSchemaSerializer = (route) => {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => (compiled ??= serializerCompiler(route) as (data: unknown) => string)(data);
};
