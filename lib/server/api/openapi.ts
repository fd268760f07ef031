import 'server-only';
import { z } from 'zod';
import type { Endpoint } from '@/lib/shared/api/endpoint';
import { errorStatus } from '@/lib/shared/errors';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as Record<string, unknown>;

const errorEnvelope = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(errorStatus) },
        message: { type: 'string' },
        details: {
          type: 'object',
          properties: {
            requestId: { type: 'string' },
            key: { type: 'string', description: 'Message key of messages/{en,de}.json the UI shows (errors.code.<code> unless more specific, e.g. errors.notAuthorizedMission)' },
            fields: {
              type: 'object',
              description: "Field errors by dot-joined path. `key` is an encoded message key (e.g. 'validation.minLength?min=5': key plus its values as a query string); `message` the English text",
              additionalProperties: {
                type: 'array',
                items: { type: 'object', required: ['key', 'message'], properties: { key: { type: 'string' }, message: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
  },
};

function parameters(endpoint: Endpoint) {
  const list: Record<string, unknown>[] = [];
  for (const [where, schema] of [['path', endpoint.params], ['query', endpoint.query]] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (object.required ?? []).includes(name), schema: property });
    }
  }
  return list;
}

/** The OpenAPI 3.0 document of every /api/v2 endpoint, generated from the same zod schemas the handlers parse with. */
export function openApiDocument(endpoints: readonly Endpoint[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const status = String(endpoint.status ?? 200);
    const errorResponses = Object.fromEntries(
      ['400', '401', '403', '404', '409', '413', '415', '422', '429', '500', '503'].map((code) => [
        code,
        { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
      ]),
    );
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/^\/api\/v2/, '').replace(/[{}]/g, '').replace(/[/_.-](\w)/g, (_, c: string) => c.toUpperCase())}`,
      parameters: parameters(endpoint),
      // Signed-in endpoints need the identity service's session cookie (HttpOnly, set on sign-in).
      security: endpoint.auth === 'public' ? [] : [{ session: [] }],
      ...(endpoint.body && {
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } },
      }),
      responses: {
        [status]:
          status === '204'
            ? { description: 'No content' }
            : { description: 'Success', content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } } },
        ...errorResponses,
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Argus API', version: '2.0.0', description: 'The Argus backend-for-frontend API. Errors always use the ErrorEnvelope shape.' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { ErrorEnvelope: errorEnvelope },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ory_kratos_session' } },
    },
  };
}
