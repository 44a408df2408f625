// Fills the bench enterprise (演示店铺 of the demo owner) on PostgreSQL with a realistic catalogue: 200 categories
// (20 top-level, 9 children each), 200,000 goods with Chinese titles and 1,000,000 SKUs (1-12 per goods, 5 on
// average), prices and stock (some zero). Skips when already filled; --force replaces the generated goods.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_goods node bench/goods-list/generate.mjs [--force]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { benchRenterId, DATABASE_URL, ensureDatabase, pg, root } from './lib.mjs';

const GOODS = Number(process.env.BENCH_GOODS || 200_000);
const BATCH = 20_000;
const force = process.argv.includes('--force');

// Top-level category → children, each child with the product words its titles use.
const TREE = {
  休闲零食: {
    饼干: '曲奇饼干|苏打饼干|夹心饼干',
    坚果: '每日坚果|碧根果|夏威夷果',
    糖果: '水果硬糖|奶糖|软糖',
    巧克力: '黑巧克力|牛奶巧克力|榛子巧克力',
    薯片: '原切薯片|番茄味薯片|烧烤味薯片',
    肉干: '牛肉干|猪肉脯|鸭脖',
    果干: '芒果干|葡萄干|草莓干',
    膨化食品: '虾条|玉米棒|爆米花',
    海苔: '海苔脆片|夹心海苔|紫菜',
  },
  酒水饮料: {
    矿泉水: '天然矿泉水|饮用纯净水|苏打水',
    果汁: '橙汁|苹果汁|椰子汁',
    茶饮料: '冰红茶|乌龙茶|柠檬茶',
    咖啡: '速溶咖啡|挂耳咖啡|咖啡豆',
    牛奶: '纯牛奶|酸奶|奶粉',
    白酒: '浓香型白酒|酱香型白酒|清香型白酒',
    啤酒: '精酿啤酒|黑啤|小麦啤酒',
    葡萄酒: '干红葡萄酒|干白葡萄酒|起泡酒',
    功能饮料: '电解质水|维生素饮料|能量饮料',
  },
  粮油调味: {
    大米: '东北大米|泰国香米|五常大米',
    面粉: '高筋面粉|低筋面粉|全麦面粉',
    食用油: '花生油|菜籽油|橄榄油',
    酱油: '生抽|老抽|蒸鱼豉油',
    醋: '陈醋|香醋|米醋',
    调味料: '鸡精|花椒|八角',
    面条: '挂面|方便面|荞麦面',
    杂粮: '小米|燕麦|红豆',
    干货: '香菇|木耳|银耳',
  },
  生鲜果蔬: {
    水果: '红富士苹果|赣南脐橙|海南香蕉',
    蔬菜: '有机西兰花|水果番茄|小白菜',
    肉类: '黑猪五花肉|原切牛排|羊排',
    禽蛋: '土鸡蛋|鸭蛋|鹌鹑蛋',
    海鲜: '大闸蟹|基围虾|三文鱼',
    冷冻食品: '速冻水饺|汤圆|馄饨',
    豆制品: '豆腐|腐竹|豆浆',
    菌菇: '金针菇|杏鲍菇|平菇',
    熟食: '卤牛肉|烤鸭|酱肘子',
  },
  美妆护肤: {
    面霜: '保湿面霜|修护面霜|抗皱面霜',
    精华: '玻尿酸精华|美白精华|抗老精华',
    面膜: '补水面膜|清洁泥膜|睡眠面膜',
    洁面: '氨基酸洗面奶|卸妆水|洁面乳',
    口红: '哑光口红|滋润唇膏|唇釉',
    粉底: '粉底液|气垫|遮瑕膏',
    防晒: '防晒霜|防晒喷雾|隔离霜',
    香水: '淡香水|香氛|香体露',
    眼霜: '眼霜|眼膜|眼部精华',
  },
  个人护理: {
    洗发水: '去屑洗发水|控油洗发水|护发素',
    沐浴露: '沐浴露|香皂|身体乳',
    牙膏: '美白牙膏|电动牙刷|牙线',
    纸品: '抽纸|卷纸|湿巾',
    剃须: '剃须刀|剃须泡沫|须后水',
    卫生巾: '日用卫生巾|夜用卫生巾|护垫',
    洗手液: '洗手液|免洗洗手液|消毒液',
    护手霜: '护手霜|足霜|润肤露',
    染发: '染发剂|发蜡|定型喷雾',
  },
  家居日用: {
    收纳: '收纳箱|收纳盒|衣架',
    清洁: '洗衣液|洗洁精|拖把',
    床品: '四件套|羽绒被|乳胶枕',
    毛巾: '纯棉毛巾|浴巾|方巾',
    厨具: '不粘锅|炒锅|菜刀',
    餐具: '陶瓷碗|筷子|保温杯',
    灯具: '台灯|吸顶灯|小夜灯',
    家纺: '窗帘|地毯|沙发垫',
    园艺: '绿萝|多肉植物|花盆',
  },
  数码家电: {
    手机: '智能手机|手机壳|钢化膜',
    耳机: '蓝牙耳机|降噪耳机|有线耳机',
    充电: '充电宝|快充头|数据线',
    电脑: '笔记本电脑|机械键盘|无线鼠标',
    小家电: '电饭煲|空气炸锅|电水壶',
    个护电器: '电吹风|卷发棒|剃毛器',
    智能设备: '智能手表|手环|音箱',
    摄影: '运动相机|三脚架|存储卡',
    大家电: '冰箱|洗衣机|空调',
  },
  服饰鞋包: {
    男装: '纯棉T恤|休闲裤|羽绒服',
    女装: '连衣裙|针织开衫|半身裙',
    内衣: '文胸|内裤|睡衣',
    男鞋: '运动鞋|皮鞋|板鞋',
    女鞋: '高跟鞋|单鞋|短靴',
    箱包: '双肩包|行李箱|手提包',
    配饰: '围巾|帽子|腰带',
    袜子: '棉袜|船袜|丝袜',
    童装: '儿童卫衣|儿童外套|儿童裤',
  },
  母婴用品: {
    奶粉: '婴儿奶粉|羊奶粉|有机奶粉',
    纸尿裤: '纸尿裤|拉拉裤|隔尿垫',
    辅食: '米粉|果泥|磨牙棒',
    喂养: '奶瓶|吸奶器|辅食碗',
    洗护: '婴儿沐浴露|爽身粉|护臀膏',
    玩具: '积木|毛绒玩具|拼图',
    童车: '婴儿推车|安全座椅|学步车',
    孕妇: '孕妇装|防溢乳垫|托腹带',
    寝具: '婴儿床|睡袋|抱被',
  },
  运动户外: {
    跑步: '跑步鞋|运动短裤|速干衣',
    健身: '瑜伽垫|哑铃|弹力带',
    球类: '篮球|足球|羽毛球拍',
    骑行: '山地自行车|骑行头盔|骑行手套',
    露营: '帐篷|睡袋|折叠椅',
    游泳: '泳衣|泳镜|泳帽',
    登山: '登山杖|冲锋衣|登山包',
    垂钓: '鱼竿|鱼线|渔具包',
    滑雪: '滑雪服|滑雪镜|护膝',
  },
  图书文具: {
    童书: '绘本|儿童百科|故事书',
    文学: '小说|散文集|诗集',
    教辅: '练习册|字帖|词典',
    笔类: '中性笔|钢笔|马克笔',
    本册: '笔记本|便利贴|活页本',
    办公: '文件夹|订书机|计算器',
    美术: '水彩颜料|素描本|画笔',
    学生: '书包|文具盒|橡皮',
    电子书: '阅读器|保护套|书灯',
  },
  宠物用品: {
    狗粮: '成犬粮|幼犬粮|冻干狗粮',
    猫粮: '成猫粮|幼猫粮|冻干猫粮',
    零食: '猫条|磨牙棒|鸡肉干',
    猫砂: '豆腐猫砂|膨润土猫砂|猫砂盆',
    窝垫: '狗窝|猫窝|宠物垫',
    玩具: '逗猫棒|飞盘|磨牙玩具',
    清洁: '宠物沐浴露|除臭剂|尿垫',
    出行: '牵引绳|航空箱|宠物背包',
    医护: '驱虫药|营养膏|化毛膏',
  },
  保健滋补: {
    维生素: '维生素C|复合维生素|维生素D',
    蛋白粉: '乳清蛋白粉|植物蛋白粉|增肌粉',
    鱼油: '深海鱼油|磷虾油|卵磷脂',
    滋补: '燕窝|阿胶|枸杞',
    茶叶: '西湖龙井|铁观音|普洱茶',
    蜂蜜: '土蜂蜜|枣花蜜|蜂王浆',
    养生: '红枣|桂圆|黑芝麻丸',
    钙片: '钙片|氨糖|益生菌',
    代餐: '代餐粉|蛋白棒|燕麦片',
  },
  汽车用品: {
    清洗: '洗车液|车蜡|洗车毛巾',
    内饰: '座垫|脚垫|方向盘套',
    电子: '行车记录仪|车载充电器|车载支架',
    养护: '机油|玻璃水|防冻液',
    香氛: '车载香薰|除味剂|炭包',
    安全: '儿童座椅|灭火器|三角警示牌',
    工具: '充气泵|搭电线|千斤顶',
    外饰: '车衣|晴雨挡|牌照框',
    轮胎: '轮胎|轮毂|气门嘴',
  },
  家装建材: {
    五金: '螺丝刀|电钻|扳手',
    卫浴: '花洒|马桶盖|水龙头',
    灯饰: '射灯|筒灯|灯带',
    电工: '插座|开关|插线板',
    油漆: '乳胶漆|木器漆|墙纸',
    门窗: '门锁|智能门锁|纱窗',
    厨卫: '水槽|烟机|燃气灶',
    地板: '实木地板|瓷砖|地垫',
    管材: '水管|三通|阀门',
  },
  珠宝饰品: {
    黄金: '黄金手链|黄金项链|金豆',
    银饰: '银手镯|银耳钉|银项链',
    玉石: '和田玉|翡翠手镯|玉佩',
    珍珠: '珍珠项链|珍珠耳环|珍珠手链',
    水晶: '白水晶|紫水晶|粉晶',
    钻石: '钻戒|钻石吊坠|钻石耳钉',
    手表: '机械表|石英表|情侣表',
    发饰: '发夹|发圈|发箍',
    眼镜: '太阳镜|近视眼镜|防蓝光眼镜',
  },
  鲜花绿植: {
    鲜花: '玫瑰花束|百合花束|向日葵',
    绿植: '发财树|龟背竹|虎皮兰',
    多肉: '多肉拼盘|仙人掌|景天',
    盆栽: '君子兰|蝴蝶兰|茉莉',
    花瓶: '玻璃花瓶|陶瓷花瓶|干花',
    种子: '蔬菜种子|花种子|草种',
    肥料: '营养土|缓释肥|液体肥',
    工具: '园艺剪|喷壶|铲子',
    永生花: '永生花礼盒|香皂花|干花束',
  },
  玩具乐器: {
    积木: '拼装积木|磁力片|乐高',
    模型: '汽车模型|飞机模型|手办',
    益智: '魔方|数独|桌游',
    遥控: '遥控车|无人机|遥控船',
    毛绒: '毛绒公仔|抱枕|玩偶',
    乐器: '尤克里里|电子琴|吉他',
    户外玩具: '泡泡机|水枪|滑板车',
    早教: '点读笔|早教机|识字卡',
    娃娃: '芭比娃娃|娃娃屋|过家家',
  },
  礼品卡券: {
    礼盒: '坚果礼盒|茶叶礼盒|月饼礼盒',
    储值卡: '储值卡|购物卡|会员卡',
    定制: '定制杯|刻字钢笔|定制相册',
    节日: '春节礼包|中秋礼盒|端午粽子',
    商务: '商务礼品|名片夹|保温杯礼盒',
    贺卡: '贺卡|红包|信封',
    体验: '下午茶券|SPA体验券|课程券',
    文创: '书签|明信片|冰箱贴',
    包装: '礼品袋|包装纸|丝带',
  },
};
const BRANDS = [
  '良品铺子',
  '三只松鼠',
  '百草味',
  '农夫山泉',
  '伊利',
  '蒙牛',
  '海天',
  '金龙鱼',
  '李宁',
  '安踏',
  '小米',
  '华为',
  '美的',
  '苏泊尔',
  '九阳',
  '欧莱雅',
  '自然堂',
  '百雀羚',
  '云南白药',
  '舒肤佳',
  '得力',
  '晨光',
  '南极人',
  '恒源祥',
  '波司登',
  '贝因美',
  '飞鹤',
  '汤臣倍健',
  '同仁堂',
  '无印良品',
  '本来生活',
  '老干妈',
  '稻香村',
  '五芳斋',
  '张小泉',
  '双立人',
  '洁柔',
  '维达',
  '蓝月亮',
  '立白',
];
const ADJS = [
  '新款',
  '经典',
  '进口',
  '有机',
  '手工',
  '加厚',
  '轻薄',
  '大容量',
  '家庭装',
  '特惠',
  '限定',
  '高端',
  '精选',
  '原味',
  '低糖',
  '无添加',
  '儿童',
  '便携',
  '网红',
  '爆款',
  '正品',
  '升级版',
  '国潮',
  '复古',
  '简约',
  '北欧风',
  '日式',
  '韩版',
  '纯棉',
  '速干',
];
const SPECS = [
  '500g',
  '1kg',
  '250ml',
  '1L',
  '6瓶装',
  '12袋',
  '礼盒装',
  '家庭装',
  '3件套',
  '单只装',
  '24个月',
  '加大码',
  '2024新款',
  '组合装',
  '试用装',
  '量贩装',
];
const VALUES = ['小号', '中号', '大号', '特大号', '红色', '蓝色', '黑色', '白色', '灰色', '粉色', '绿色', '金色'];
// SKUs per goods by goods number mod 10: 1-12, exactly 5 on average.
const SKUS_PER = [1, 1, 3, 5, 12, 2, 4, 8, 6, 8];

await ensureDatabase();
// The server's migrations and the demo owner with 演示店铺, as a first start would make them.
const setup = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(import.meta.dirname, 'setup-db.ts')], {
  cwd: root,
  env: { ...process.env, DATABASE_URL, TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json' }, // the server's '@/…' paths
  stdio: 'inherit',
});
if (setup.status !== 0) process.exit(setup.status ?? 1);

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const q = (text, params) => client.query(text, params);
const renterId = await benchRenterId(client);
const t0 = performance.now();
const log = (s) => console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${s}`);

const have = Number((await q(`select count(*) n from goods where renter_id = $1 and goods_no like 'BG%'`, [renterId])).rows[0].n);
if (have >= GOODS && !force) {
  const skus = (await q(`select count(*) n from goods_skus where renter_id = $1`, [renterId])).rows[0].n;
  console.log(`already filled: ${have} generated goods, ${skus} SKUs in 演示店铺 (--force to regenerate)`);
  await client.end();
  process.exit(0);
}

// Replace whatever a previous (maybe interrupted) run left.
log('removing earlier bench rows');
await q(`delete from goods_skus where renter_id = $1 and goods_id in (select id from goods where renter_id = $1 and goods_no like 'BG%')`, [
  renterId,
]);
await q(`delete from goods where renter_id = $1 and goods_no like 'BG%'`, [renterId]);
await q(`delete from goods_skus s where s.renter_id = $1 and not exists (select 1 from goods g where g.id = s.goods_id)`, [renterId]);
await q(`delete from goods_types where renter_id = $1 and name like '%（压测）'`, [renterId]);

// Categories: numbers continue the enterprise's counter; path is '/top/child/'.
const seq = Number((await q(`select coalesce(max(no), 0) n from goods_types where renter_id = $1`, [renterId])).rows[0].n);
let no = seq;
const leaves = [];
for (const [top, children] of Object.entries(TREE)) {
  const topNo = ++no;
  const {
    rows: [t],
  } = await q(`insert into goods_types (renter_id, no, parent_id, path, name, sort) values ($1, $2, null, $3, $4, $5) returning id`, [
    renterId,
    topNo,
    `/${topNo}/`,
    `${top}（压测）`,
    topNo,
  ]);
  for (const [child, words] of Object.entries(children)) {
    const childNo = ++no;
    const {
      rows: [c],
    } = await q(`insert into goods_types (renter_id, no, parent_id, path, name, sort) values ($1, $2, $3, $4, $5, $6) returning id`, [
      renterId,
      childNo,
      t.id,
      `/${topNo}/${childNo}/`,
      `${child}（压测）`,
      childNo,
    ]);
    leaves.push({ id: c.id, words });
  }
}
await q(
  `insert into renter_sequences (renter_id, name, value) values ($1, 'goods_type', $2)
   on conflict (renter_id, name) do update set value = greatest(renter_sequences.value, excluded.value)`,
  [renterId, no],
);
log(`${no - seq} categories`);

// Rows are computed in SQL from generate_series; the SKU triggers are off for this session (session_replication_role)
// because the goods rows are inserted with their aggregates already computed from the same SKUs.
await q(`select setseed(0.42)`);
await q(`set session_replication_role = replica`);
const leafIds = leaves.map((l) => l.id);
const leafWords = leaves.map((l) => l.words);
for (let lo = 1; lo <= GOODS; lo += BATCH) {
  const hi = Math.min(GOODS, lo + BATCH - 1);
  await q('begin');
  await q(
    `create temp table tg on commit drop as
     select i, gen_random_uuid() id, c, n,
            ($5::text[])[1 + floor(random() * array_length($5::text[], 1))::int] || ' ' ||
            ($6::text[])[1 + floor(random() * array_length($6::text[], 1))::int] ||
            split_part(($4::text[])[c], '|', 1 + floor(random() * 3)::int) || ' ' ||
            ($7::text[])[1 + floor(random() * array_length($7::text[], 1))::int] title,
            (array[10, 20, 50, 100, 200, 500, 1000])[1 + floor(random() * 7)::int] * (1 + floor(random() * 30)::int) - 1 base,
            case when random() < 0.7 then 1 when random() < 0.9 then 0 else 2 end status,
            case when random() < 0.9 then 0 else 1 + floor(random() * 100)::int end sort,
            now() - (($1::int - i) * interval '5 minutes') - random() * interval '4 minutes' created_at,
            random() < 0.06 sold_out
       from (select i, 1 + floor(random() * array_length($4::text[], 1))::int c, ($8::int[])[1 + i % 10] n
               from generate_series($2::int, $3::int) i) s`,
    [GOODS, lo, hi, leafWords, BRANDS, ADJS, SPECS, SKUS_PER],
  );
  await q(
    `create temp table ts on commit drop as
     select tg.id goods_id, tg.i, k, tg.n,
            case when tg.n = 1 then '{}'::jsonb else jsonb_build_object('规格', ($1::text[])[k]) end spec_values,
            case when tg.n = 1 then '[]' else '[["规格","' || ($1::text[])[k] || '"]]' end sku_key,
            greatest(1, tg.base + (k - 1) * (tg.base / 10)) price_fen,
            case when tg.sold_out or random() < 0.12 then 0 else floor(random() * 500)::int end stock,
            '69' || lpad((tg.i * 12 + k)::text, 11, '0') barcode
       from tg, generate_series(1, tg.n) k`,
    [VALUES],
  );
  await q(
    `insert into goods (id, renter_id, goods_no, title, type, category_id, main_image, spec_names, status, start_sale_at, sort,
                        min_price_fen, max_price_fen, total_stock, created_at, updated_at)
     select tg.id, $1, 'BG' || lpad(tg.i::text, 7, '0'), tg.title, 1, ($2::uuid[])[tg.c], '',
            case when tg.n = 1 then '[]'::jsonb
                 else jsonb_build_array(jsonb_build_object('name', '规格', 'values', to_jsonb(($3::text[])[1:tg.n]))) end,
            tg.status, case when tg.status = 2 then now() + interval '7 days' end, tg.sort,
            a.mn, a.mx, a.st, tg.created_at, tg.created_at
       from tg join (select goods_id, min(price_fen) mn, max(price_fen) mx, sum(stock) st from ts group by goods_id) a
         on a.goods_id = tg.id`,
    [renterId, leafIds, VALUES],
  );
  await q(
    `insert into goods_skus (renter_id, goods_id, spec_values, sku_key, price_fen, original_price_fen, cost_fen, stock,
                             weight_g, code, barcode, sort)
     select $1, goods_id, spec_values, sku_key, price_fen, price_fen * 12 / 10, price_fen * 6 / 10, stock,
            100 + (k * 50), '', barcode, k - 1
       from ts`,
    [renterId],
  );
  await q('commit');
  log(`goods ${hi} / ${GOODS}`);
}
await q(`set session_replication_role = origin`);
await q(
  `insert into renter_sequences (renter_id, name, value) values ($1, 'goods_no', 0)
   on conflict (renter_id, name) do nothing`,
  [renterId],
);
log('vacuum analyze');
await q('vacuum analyze goods');
await q('vacuum analyze goods_skus');
await q('vacuum analyze goods_types');
const counts = (
  await q(
    `select (select count(*) from goods where renter_id = $1) goods, (select count(*) from goods_skus where renter_id = $1) skus,
            (select count(*) from goods_types where renter_id = $1) categories`,
    [renterId],
  )
).rows[0];
log(`done: ${counts.goods} goods, ${counts.skus} SKUs, ${counts.categories} categories in 演示店铺`);
await client.end();
