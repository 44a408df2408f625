// Fills the goods-order benchmark's database (bench_orders) with 1,000,000 goods orders of 演示店铺 (the demo owner's
// enterprise): the server's migrations and demo (setup.ts through tsx), ~100,000 members made by the server's own
// generator (generateMembers), 2,000 goods with 1–3 SKUs each, then the orders in batches of 100,000, each batch one
// transaction of set-based SQL (generate_series into temp tables): 1–3 lines, fates in the demo's shares
// (apps/server/src/demo/seed-orders.ts: 6 % unpaid, 10 % closed unpaid, 6 % refunded and closed, 14 % 待发货, 16 %
// 已发货, 48 % 已完成), created over two years (denser towards now; unpaid ones in the last 30 minutes, 待发货 in the last
// 4 days, 已发货 in the last 9), paid 2–30 min later (微信支付 70 %, 支付宝 25 %, 沙箱 5 %), delivery 快递 75 % / 自提
// 15 % / 同城 10 %, ~1 % 售后中, a timeline row per move, a parcel for each shipped 快递 / 同城 order, pick-up codes for
// paid 自提 orders and a 核销 record for each collected one, and each order's header (`orders`). Resumes at the first missing batch; never drops anything.
// Foreign keys and triggers are off in the order batches (session_replication_role = replica: every reference is made
// from rows just read); CHECK constraints still hold every row. ANALYZE at the end. About 5–8 minutes on 2 cores.
//   node bench/goods-orders/generate.mjs            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench_orders)
//   BENCH_ORDERS=200000 node bench/goods-orders/generate.mjs   (a smaller set)
import { spawnSync } from 'node:child_process';
import path from 'node:path';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/bench_orders';
const { DATABASE_URL, benchRenterId, ensureDatabase, pg, root } = await import('../goods-list/lib.mjs');

const ORDERS = Number(process.env.BENCH_ORDERS || 1_000_000);
const GOODS = 2_000;
const BATCH = 100_000;

await ensureDatabase();
const setup = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(import.meta.dirname, 'setup.ts')], {
  cwd: root,
  env: { ...process.env, DATABASE_URL, TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json' }, // the server's '@/…' paths
  stdio: 'inherit',
});
if (setup.status !== 0) process.exit(setup.status ?? 1);

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const q = (text, params) => client.query(text, params);
const r = await benchRenterId(client);
const t0 = performance.now();
const log = (s) => console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${s}`);

// Goods: brand + product + spec titles (the title filter's common and rare words), 1–3 SKUs, every delivery method.
const BRANDS = ['良品铺子', '三只松鼠', '百草味', '农夫山泉', '蒙牛', '伊利', '安踏', '李宁', '小米', '美的', '云南白药', '蓝月亮'];
const PRODUCTS = [
  '手工曲奇饼干',
  '每日坚果',
  '牛肉干',
  '芒果干',
  '黑巧克力',
  '原切薯片',
  '纯牛奶',
  '酸奶',
  '天然矿泉水',
  '冰红茶',
  '挂耳咖啡',
  '五常大米',
  '花生油',
  '生抽',
  '速冻水饺',
  '土鸡蛋',
  '洗衣液',
  '抽纸',
  '保温杯',
  '运动鞋',
  '纯棉T恤',
  '蓝牙耳机',
  '充电宝',
  '电饭煲',
  '牙膏',
  '洗发水',
  '面膜',
  '猫粮',
  '瑜伽垫',
  '笔记本',
  '西湖龙井',
  '枸杞',
];
const SPECS = ['500g', '1kg', '250ml', '6瓶装', '12袋', '礼盒装', '家庭装', '组合装'];
const VALUES = ['小号', '中号', '大号'];
const haveGoods = Number((await q(`select count(*) n from goods where renter_id = $1 and goods_no like 'BO%'`, [r])).rows[0].n);
if (haveGoods < GOODS) {
  await q('begin');
  await q(
    `delete from goods_skus where renter_id = $1 and goods_id in (select id from goods where renter_id = $1 and goods_no like 'BO%')`,
    [r],
  );
  await q(`delete from goods where renter_id = $1 and goods_no like 'BO%'`, [r]);
  await q(`select setseed(0.15)`);
  await q(
    `create temp table tg on commit drop as
     select i, gen_random_uuid() id, 1 + i % 3 n,
            ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int] || ' ' ||
            ($3::text[])[1 + i % array_length($3::text[], 1)] || ' ' ||
            ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] title,
            (array[990, 1990, 2990, 4990, 6990, 9990, 12900, 19900, 29900])[1 + floor(random() * 9)::int] base,
            now() - (730 - i * 730 / $1::int) * interval '1 day' created_at
       from generate_series(1, $1::int) i`,
    [GOODS, BRANDS, PRODUCTS, SPECS],
  );
  await q(
    `insert into goods (id, renter_id, goods_no, title, type, spec_names, status, delivery, created_at, updated_at)
     select id, $1, 'BO' || lpad(i::text, 5, '0'), title, 1,
            case when n = 1 then '[]'::jsonb else jsonb_build_array(jsonb_build_object('name', '规格', 'values', to_jsonb(($2::text[])[1:n]))) end,
            1, '["express","pickup","local"]'::jsonb, created_at, created_at
       from tg`,
    [r, VALUES],
  );
  // The SKU trigger keeps each goods' min / max price and total stock.
  await q(
    `insert into goods_skus (renter_id, goods_id, spec_values, sku_key, price_fen, original_price_fen, cost_fen, stock, barcode, sort)
     select $1, tg.id, case when tg.n = 1 then '{}'::jsonb else jsonb_build_object('规格', ($2::text[])[k]) end,
            case when tg.n = 1 then '[]' else '[["规格","' || ($2::text[])[k] || '"]]' end,
            tg.base + (k - 1) * tg.base / 5, (tg.base + (k - 1) * tg.base / 5) * 12 / 10, tg.base / 2, 100000,
            '69' || lpad((tg.i * 3 + k)::text, 11, '0'), k - 1
       from tg, generate_series(1, tg.n) k`,
    [r, VALUES],
  );
  await q('commit');
  log(`${GOODS} goods`);
}

const owner = (await q(`select id from users where phone = '13800138000'`)).rows[0].id;
// The buyers (members with a phone, skewed: a few buy often) and the SKUs (skewed: a few sell most), numbered.
await q(
  `create temp table bm as select row_number() over (order by id) n, id, phone, name from members
         where renter_id = $1 and kind = 1 and phone is not null`,
  [r],
);
await q(
  `create temp table bs as select row_number() over (order by g.goods_no, s.sort) n, s.id sku_id, g.id goods_id, g.title,
           coalesce(s.spec_values ->> '规格', '') sku_text, s.price_fen
         from goods_skus s join goods g on g.id = s.goods_id and g.renter_id = s.renter_id
         where s.renter_id = $1 and g.goods_no like 'BO%'`,
  [r],
);
const nm = Number((await q('select count(*) n from bm')).rows[0].n);
const ns = Number((await q('select count(*) n from bs')).rows[0].n);
await q('create unique index on bm (n)');
await q('create unique index on bs (n)');
await q('analyze bm');
await q('analyze bs');
log(`${nm} buyers, ${ns} SKUs`);

const AREAS = [
  ['["33","3301","330106"]', '浙江省 杭州市 西湖区'],
  ['["31","3101","310104"]', '上海市 市辖区 徐汇区'],
  ['["44","4403","440305"]', '广东省 深圳市 南山区'],
  ['["11","1101","110105"]', '北京市 市辖区 朝阳区'],
];
const have = Number((await q('select count(*) n from goods_orders where renter_id = $1', [r])).rows[0].n);
for (let k = Math.floor(have / BATCH); k * BATCH < ORDERS; k++) {
  const lo = k * BATCH + 1;
  const hi = Math.min(ORDERS, (k + 1) * BATCH);
  const b0 = performance.now();
  await q('begin');
  await q('set local session_replication_role = replica');
  await q(`select setseed($1)`, [0.2 + k / 100]);
  // The orders: fate, delivery, buyer, times.
  await q(
    `create temp table o on commit drop as
     with s as (
       select i, random() f, random() d, random() a, random() b, random() c, random() e, random() g, random() h,
              1 + floor(power(random(), 1.6) * $3::int)::int mn,
              case when random() < 0.6 then 1 when random() < 0.7 then 2 else 3 end nlines
         from generate_series($1::int, $2::int) i
     ), f as (
       select s.*,
              case when f < 0.06 then 'unpaid' when f < 0.16 then 'closedUnpaid' when f < 0.22 then 'refunded'
                   when f < 0.36 then 'toShip' when f < 0.52 then 'shipped' else 'done' end fate,
              case when d < 0.75 then 1 when d < 0.9 then 2 else 3 end dm
         from s
     ), t as (
       select f.*,
              case fate when 'unpaid' then now() - a * interval '30 minutes'
                        when 'toShip' then now() - interval '40 minutes' - a * interval '4 days'
                        when 'shipped' then now() - interval '1 day' - a * interval '8 days'
                        when 'done' then now() - interval '8 days' - (1 - sqrt(a)) * interval '722 days'
                        else now() - interval '2 days' - (1 - sqrt(a)) * interval '728 days' end created_at
         from f
     )
     select t.*, gen_random_uuid() id, m.id member_id, m.phone, m.name,
            case when fate in ('toShip', 'shipped', 'done', 'refunded') then t.created_at + (2 + b * 28) * interval '1 minute' end paid_at
       from t join bm m on m.n = t.mn`,
    [lo, hi, nm],
  );
  await q(
    `create temp table o2 on commit drop as
     select o.*,
            case when fate in ('shipped', 'done') and dm <> 2 then least(paid_at + (3 + c * 37) * interval '1 hour', now() - interval '1 minute') end shipped_at,
            case when fate in ('toShip', 'shipped', 'done', 'refunded') then
              case when g < 0.7 then 'wechat' when g < 0.95 then 'alipay' else 'sandbox' end else '' end pay_method,
            case when dm = 2 and paid_at is not null then lpad(((i::bigint * 48271) % 100000000)::text, 8, '0') end pickup_code
       from o`,
  );
  // The lines: 1–3 SKUs (a popular few sell most), 1–3 units each.
  await q(
    `create temp table l on commit drop as
     select gen_random_uuid() id, o.id order_id, o.member_id, k, bs.goods_id, bs.sku_id, bs.title, bs.sku_text, bs.price_fen unit_fen,
            p.qty, bs.price_fen * p.qty line_fen,
            case when o.shipped_at is not null then p.qty else 0 end shipped_qty
       from o2 o cross join lateral generate_series(1, o.nlines) k
       cross join lateral (select 1 + floor(power(random(), 2.5) * $1::int)::int sn, 1 + floor(power(random(), 3) * 3)::int qty
                            where k > 0) p
       join bs on bs.n = p.sn`,
    [ns],
  );
  await q(
    `insert into goods_orders (id, renter_id, order_no, member_id, shop_id, status, delivery_method, address, member_phone,
       pickup_code, title, goods_fen, discount_fen, freight_fen, pay_fen, paid_fen, refunded_fen, pay_method, paid_at,
       shipped_at, completed_at, closed_at, close_reason, after_sale_open, created_at, updated_at)
     select o.id, $1, 'G' || to_char(o.created_at at time zone 'Asia/Shanghai', 'YYMMDDHH24MISS') || lpad((o.i % 1000000)::text, 6, '0'),
            o.member_id, (select id from shops where renter_id = $1 order by created_at limit 1),
            case fate when 'unpaid' then 0 when 'toShip' then 1 when 'shipped' then 2 when 'done' then 3 else 4 end,
            o.dm,
            case when o.dm <> 2 then jsonb_build_object('name', o.name, 'phone', o.phone,
              'area', (($2::text[])[1 + o.i % 4])::jsonb, 'areaText', ($3::text[])[1 + o.i % 4],
              'address', '文三路' || (1 + o.i % 500) || '号' || (1 + o.i % 30) || '栋') end,
            o.phone, o.pickup_code,
            a.first_title || case when o.nlines > 1 then ' 等' || a.units || '件' else '' end,
            a.goods, m.discount, m.freight, a.goods - m.discount + m.freight,
            case when o.paid_at is not null then a.goods - m.discount + m.freight else 0 end,
            case when fate = 'refunded' then a.goods - m.discount + m.freight else 0 end,
            o.pay_method, o.paid_at, o.shipped_at,
            case when fate = 'done' then
              case when o.dm = 2 then least(o.paid_at + (1 + o.c * 47) * interval '1 hour', now() - interval '1 minute')
                   else least(o.shipped_at + (1 + o.e * 4) * interval '1 day', now() - interval '1 minute') end end,
            case when fate = 'closedUnpaid' then o.created_at + (5 + o.c * 25) * interval '1 minute'
                 when fate = 'refunded' then least(o.paid_at + (1 + o.c * 23) * interval '1 hour', now() - interval '1 minute') end,
            case when fate = 'closedUnpaid' then case when o.h < 0.7 then '超时未支付，自动关闭' else '买家取消订单' end
                 when fate = 'refunded' then (array['买家不想要了', '买家信息填写错误', '商品缺货', '无法联系上买家'])[1 + floor(o.h * 4)::int]
                 else '' end,
            fate in ('shipped', 'done') and o.h < 0.02,
            o.created_at, o.created_at
       from o2 o
       join (select order_id, sum(line_fen) goods, sum(qty) units, (array_agg(title order by k))[1] first_title from l group by order_id) a
         on a.order_id = o.id
       cross join lateral (select case when o.e < 0.1 then a.goods * 5 / 100 else 0 end discount,
                                  case when o.dm = 1 and a.goods < 9900 then 800 when o.dm = 3 then 500 else 0 end freight) m`,
    [r, AREAS.map((x) => x[0]), AREAS.map((x) => x[1])],
  );
  await q(
    `insert into goods_order_lines (id, renter_id, order_id, member_id, goods_id, sku_id, title, sku_text, unit_fen, qty, line_fen, shipped_qty, sort)
     select id, $1, order_id, member_id, goods_id, sku_id, title, sku_text, unit_fen, qty, line_fen, shipped_qty, k - 1 from l`,
    [r],
  );
  // The titles bought, as the checkout writes them (the 商品名称 filter's index).
  await q(`insert into goods_order_titles (renter_id, title) select distinct $1::uuid, title from l on conflict do nothing`, [r]);
  // Their headers, as the database writes them at checkout (migration 0037's trigger, off in this replica session).
  await q(
    `insert into orders (id, renter_id, kind, order_no, member_id, buyer_phone, title, status, stage, amount_fen, paid_fen,
                         refunded_fen, pay_order_id, created_at, paid_at, closed_at, updated_at)
     select id, renter_id, 'goods', order_no, member_id, member_phone, title, status,
            case status when 0 then 0 when 1 then 1 when 2 then 1 when 3 then 2 else 3 end,
            pay_fen, paid_fen, refunded_fen, pay_order_id, created_at, paid_at, closed_at, updated_at
       from goods_orders where renter_id = $1 and id in (select id from o2)`,
    [r],
  );
  // The timeline: each move the order went through, with who made it.
  await q(
    `insert into order_logs (renter_id, order_id, from_status, to_status, action, actor_kind, actor_name, note, created_at)
     select $1, o.id, x.f, x.t, x.action, x.kind, x.who, x.note, x.at
       from goods_orders o cross join lateral (values
         (null::smallint, 0::smallint, '买家下单', 'member', '买家', '', o.created_at, true),
         (0, 1, '买家付款', 'member', '买家', '', o.paid_at, o.paid_at is not null),
         (1, 2, '商家发货', 'staff', '演示店主', '', o.shipped_at, o.shipped_at is not null),
         (case when o.delivery_method = 2 then 1 else 2 end, 3,
          case when o.delivery_method = 2 then '自提核销' else '买家确认收货' end,
          case when o.delivery_method = 2 then 'staff' else 'member' end,
          case when o.delivery_method = 2 then '演示店主' else '买家' end, '', o.completed_at, o.completed_at is not null),
         (0, 4, case when o.close_reason = '买家取消订单' then '买家取消订单' else '超时未支付，自动关闭' end,
          case when o.close_reason = '买家取消订单' then 'member' else 'system' end,
          case when o.close_reason = '买家取消订单' then '买家' else '系统' end, '', o.closed_at, o.closed_at is not null and o.paid_at is null),
         (1, 4, '商家取消订单', 'staff', '演示店主', '原因：' || o.close_reason, o.closed_at, o.closed_at is not null and o.paid_at is not null)
       ) x(f, t, action, kind, who, note, at, happened)
      where o.renter_id = $1 and o.id in (select id from o2) and x.happened`,
    [r],
  );
  await q(
    `insert into goods_order_parcels (renter_id, order_id, company_code, company_name, tracking_no, items, shipped_at, shipped_by)
     select $1, o.id, c.code, c.name, c.prefix || lpad(((o.i::bigint * 7919) % 10000000000)::text, 12, '0'),
            li.items, o.shipped_at, $2
       from o2 o
       join (select order_id, jsonb_agg(jsonb_build_object('lineId', id, 'qty', qty) order by k) items from l group by order_id) li
         on li.order_id = o.id
       cross join lateral (select (array['SF','YTO','ZTO'])[1 + o.i % 3] code,
                                            (array['顺丰速运','圆通速递','中通快递'])[1 + o.i % 3] name,
                                            (array['SF','YT','ZT'])[1 + o.i % 3] prefix) c
      where o.shipped_at is not null`,
    [r, owner],
  );
  await q(
    `insert into goods_order_takes (renter_id, order_id, code, staff_user_id, created_at)
     select $1, id, pickup_code, $2, completed_at from goods_orders
      where renter_id = $1 and id in (select id from o2 where fate = 'done' and dm = 2)`,
    [r, owner],
  );
  await q('commit');
  log(`orders ${hi} / ${ORDERS} (batch ${Math.round(performance.now() - b0)} ms)`);
}
log('analyze');
for (const t of [
  'goods_orders',
  'goods_order_lines',
  'order_logs',
  'orders',
  'goods_order_parcels',
  'goods_order_takes',
  'goods_order_titles',
  'goods',
  'goods_skus',
]) {
  await q(`vacuum analyze ${t}`);
}
const c = (
  await q(
    `select (select count(*) from goods_orders where renter_id = $1) orders, (select count(*) from goods_order_lines where renter_id = $1) lines,
            (select count(*) from order_logs where renter_id = $1) logs, (select count(*) from goods_order_parcels where renter_id = $1) parcels`,
    [r],
  )
).rows[0];
log(`done: ${c.orders} orders, ${c.lines} lines, ${c.logs} timeline rows, ${c.parcels} parcels in 演示店铺`);
await client.end();
