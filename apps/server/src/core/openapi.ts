import { acceptedGrants, type Contract, type Endpoint, grantKey, SHOP_HEADER, VISITOR_HEADER } from '@shop/contract';
import { z } from 'zod';

function schemaOf(s: z.ZodType, io: 'input' | 'output') {
  try {
    return z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Who may call: a customer actor (and the shop header), or a staff permission. */
function describeAccess(e: Endpoint): string {
  if (e.actor) {
    const who = e.actor === 'member' ? '会员（会员令牌）' : '访客（访客标识，已登录会员亦可）';
    return `调用方：${who}${e.shop ? `；${SHOP_HEADER} 请求头指明店铺` : ''}`;
  }
  const p = e.permission;
  return `权限：${typeof p === 'string' ? p : `菜单 ${acceptedGrants(p).map(grantKey).join(' 或 ')}`}`;
}

function securityOf(e: Endpoint) {
  if (e.actor === 'member') return [{ token: [] }];
  if (e.actor === 'visitor') return [{}, { visitor: [] }, { token: [] }];
  return e.permission === 'public' ? [] : [{ token: [] }];
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
        description: describeAccess(e),
        security: securityOf(e),
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
        if (e.idempotent) {
          op.parameters = [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: '一次操作一个键（8-100位字母、数字、-或_）：24小时内同一个键的重复请求不再执行，回答第一次的结果',
              schema: { type: 'string' },
            },
          ];
        }
      }
      paths[e.path] = { ...(paths[e.path] ?? {}), [method]: op };
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: '商家后台 API',
      version: '0.1.0',
      description:
        '所有回答为 HTTP 200 的 {code, msg, data}；code 0 为成功。令牌放在 token 请求头（员工与会员令牌互不通用）；/h5/ 为顾客端接口，访客标识放在 visitor 请求头。',
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        visitor: { type: 'apiKey', in: 'header', name: VISITOR_HEADER },
      },
    },
    paths,
  };
}
