// The member centre's calls: the shop in the `shop-id` header, the member's token in `token` (module members README).
import type { DataOf, InputOf } from '@contract/core/endpoint';
import type { h5Endpoints } from '@contract/members/h5.endpoints';
import { ApiError, postFile, postJson, postJsonFull } from '../api';
import { readKept, writeKept } from '../storage';

type H5 = typeof h5Endpoints;
export type MemberLogin = DataOf<H5['LoginBySms']>;
export type MemberProfile = DataOf<H5['GetProfile']>;
export type ShopInfo = DataOf<H5['ShopInfo']>;

const tokenKey = (shopId: string) => `h5_member_${shopId}`;

/** The member's token for this shop, kept in the browser after login. */
export const keptToken = (shopId: string) => readKept(tokenKey(shopId));
export const keepToken = (shopId: string, token: string | null) => writeKept(tokenKey(shopId), token);

export function memberApi(shopId: string, onLoggedOut: () => void) {
  const shop = { 'shop-id': shopId };
  /** A member call with the shop and the token in its headers; an unknown or ended token (401) logs the page out. */
  const withToken = async <T>(go: (headers: Record<string, string>) => Promise<T>): Promise<T> => {
    const token = keptToken(shopId);
    if (!token) {
      onLoggedOut();
      throw new ApiError(401, '请先登录');
    }
    try {
      return await go({ ...shop, token });
    } catch (e) {
      if (e instanceof ApiError && e.code === 401) {
        keepToken(shopId, null);
        onLoggedOut();
      }
      throw e;
    }
  };
  /** A member call answering data and message. */
  const asMemberFull = <T>(path: string, body: unknown = {}): Promise<{ data: T; msg: string }> =>
    withToken((h) => postJsonFull<T>(path, body, h));
  const asMember = async <T>(path: string, body: unknown = {}): Promise<T> => (await asMemberFull<T>(path, body)).data;
  return {
    shopInfo: () => postJson<ShopInfo>('/h5/Shop/GetInfo', {}, shop),
    sendCode: (b: InputOf<H5['SendCode']>) => postJson<DataOf<H5['SendCode']>>('/h5/Member/SendCode', b, shop),
    loginBySms: async (b: InputOf<H5['LoginBySms']>) => {
      const r = await postJson<MemberLogin>('/h5/Member/LoginBySms', b, shop);
      keepToken(shopId, r.token);
      return r;
    },
    profile: () => asMember<MemberProfile>('/h5/Member/GetProfile'),
    logout: async () => {
      await asMember<null>('/h5/Member/Logout').catch(() => undefined);
      keepToken(shopId, null);
      onLoggedOut();
    },
    call: asMember,
    callFull: asMemberFull,
    /** A member's file upload (multipart). */
    upload: <T>(path: string, file: File) => withToken((h) => postFile<T>(path, file, h)),
  };
}

export type MemberApi = ReturnType<typeof memberApi>;
