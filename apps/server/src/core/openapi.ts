import type { Contract, Endpoint } from '@shop/contract';
import { z } from 'zod';

function schemaOf(s: z.ZodType, io: 'input' | 'output') {
  try {
    return z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** OpenAPI 3 document built from the contract, the one source of every shape. */
export function openApiDocument(contract: Contract) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [module, endpoints] of Object.entries(contract)) {
    for (const [name, e] of Object.entries(endpoints as Record<string, Endpoint>)) {
      const method = e.method.toLowerCase();
      const body = schemaOf(e.body, 'input');
      const op: Record<string, unknown> = {
        operationId: `${module}.${name}`,
        tags: [module],
        summary: e.summary,
        description: `权限：${typeof e.permission === 'string' ? e.permission : `菜单 ${e.permission.menu}`}`,
        security: e.permission === 'public' ? [] : [{ token: [] }],
        responses: {
          200: {
            description: e.blob ? '文件' : '{code, msg, data}',
            content: e.blob
              ? { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } }
              : {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: schemaOf(e.data, 'output') },
                    },
                  },
                },
          },
          401: { description: '登录信息已过期请重新登录。' },
        },
      };
      if (e.method === 'GET') {
        const props = (body.properties ?? {}) as Record<string, unknown>;
        op.parameters = Object.entries(props).map(([n, schema]) => ({ name: n, in: 'query', schema }));
      } else {
        const type = e.multipart ? 'multipart/form-data' : 'application/json';
        const schema = e.multipart
          ? { ...body, properties: { ...((body.properties as object) ?? {}), file: { type: 'string', format: 'binary' } } }
          : body;
        op.requestBody = { content: { [type]: { schema } } };
      }
      paths[e.path] = { ...(paths[e.path] ?? {}), [method]: op };
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: '商家后台 API',
      version: '0.1.0',
      description: '所有回答为 HTTP 200 的 {code, msg, data}；code 0 为成功。令牌放在 token 请求头。',
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    paths,
  };
}
