import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RULE_MAX_ITEMS } from '@contract/index';
import { Button, DatePicker, InputNumber, Radio, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { type CondDraft, CHOICES, type Checked, FIELD_OPTIONS, kindOf, MONEY_FIELDS, newCond, type RuleDraft } from './rule-draft';
import { useRuleCount, useRuleOptions } from './use-rule-count';

const MATCH_OPTIONS = [
  { value: 'any', label: '包含任一' },
  { value: 'all', label: '全部包含' },
  { value: 'none', label: '都不包含' },
];
type TimeMode = 'within' | 'notWithin' | 'range';
const TIME_MODES = [
  { value: 'within', label: '最近N天内' },
  { value: 'notWithin', label: '最近N天内没有' },
  { value: 'range', label: '日期范围' },
];
const timeModeOf = (c: CondDraft): TimeMode =>
  c.withinDays !== undefined ? 'within' : c.notWithinDays !== undefined ? 'notWithin' : 'range';

interface Props {
  value: RuleDraft;
  onChange: (next: RuleDraft) => void;
  /** toRule(value): the row messages to show. */
  checked: Checked;
  /** Show the messages (after a save was tried, or once a row was touched). */
  showErrors?: boolean;
  disabled?: boolean;
  /** The tag being edited (not offered in its own rule). */
  excludeTagId?: string;
}

/**
 * 条件编辑器 (分组, 自动标签, later 客户查询 and 精准营销): 满足全部/任一条件, rows of field + value, and the live count of
 * the members the rule matches now.
 */
export function RuleEditor({ value, onChange, checked, showErrors = true, disabled, excludeTagId }: Props) {
  const options = useRuleOptions();
  const live = useRuleCount(checked.rule?.items.length ? checked.rule : null);
  const setItem = (i: number, c: CondDraft) => onChange({ ...value, items: value.items.map((x, j) => (j === i ? c : x)) });
  const levels = (options.data?.levels ?? []).map((l) => ({ value: l.id, label: l.needpay ? `${l.name}（付费）` : l.name }));
  const tags = (options.data?.tags ?? []).filter((t) => t.id !== excludeTagId).map((t) => ({ value: t.id, label: t.name }));
  const cards = (options.data?.cards ?? []).map((c) => ({ value: c.id, label: c.name }));

  const valueInput = (c: CondDraft, i: number) => {
    const kind = kindOf(c.field);
    if (kind === 'choice')
      return (
        <Select
          mode="multiple"
          aria-label="条件的值"
          style={{ minWidth: 240 }}
          placeholder="请选择"
          value={c.in as number[]}
          options={Object.entries(CHOICES[c.field] ?? {}).map(([v, label]) => ({ value: Number(v), label }))}
          onChange={(v) => setItem(i, { ...c, in: v })}
          disabled={disabled}
        />
      );
    if (kind === 'level')
      return (
        <Select
          mode="multiple"
          aria-label="会员等级"
          style={{ minWidth: 240 }}
          placeholder={levels.length ? '请选择会员等级' : '还没有会员等级'}
          loading={options.isLoading}
          value={c.in as string[]}
          options={levels}
          optionFilterProp="label"
          onChange={(v) => setItem(i, { ...c, in: v })}
          disabled={disabled}
        />
      );
    if (kind === 'set')
      return (
        <Space wrap>
          <Select
            aria-label="包含方式"
            style={{ width: 120 }}
            value={c.match}
            options={c.field === 'tags' ? MATCH_OPTIONS : MATCH_OPTIONS.filter((o) => o.value !== 'all')}
            onChange={(match) => setItem(i, { ...c, match })}
            disabled={disabled}
          />
          <Select
            mode="multiple"
            aria-label={c.field === 'tags' ? '标签' : '权益卡'}
            style={{ minWidth: 240 }}
            placeholder={c.field === 'tags' ? '请选择标签' : '请选择权益卡'}
            loading={options.isLoading}
            value={c.ids}
            options={c.field === 'tags' ? tags : cards}
            optionFilterProp="label"
            onChange={(ids) => setItem(i, { ...c, ids })}
            disabled={disabled}
          />
        </Space>
      );
    if (kind === 'number') {
      const money = MONEY_FIELDS.has(c.field);
      const num = (v: number | null) => (v === null ? undefined : v);
      return (
        <Space>
          <InputNumber
            aria-label="最小值"
            min={0}
            precision={money ? 2 : 0}
            placeholder="最小值"
            value={c.min}
            onChange={(v) => setItem(i, { ...c, min: num(v) })}
            disabled={disabled}
          />
          <span>至</span>
          <InputNumber
            aria-label="最大值"
            min={0}
            precision={money ? 2 : 0}
            placeholder="最大值"
            value={c.max}
            onChange={(v) => setItem(i, { ...c, max: num(v) })}
            disabled={disabled}
          />
          {money && <span>元</span>}
        </Space>
      );
    }
    const mode = timeModeOf(c);
    const base = { field: c.field };
    return (
      <Space wrap>
        <Select
          aria-label="时间条件"
          style={{ width: 140 }}
          value={mode}
          options={TIME_MODES}
          onChange={(m: TimeMode) =>
            setItem(i, m === 'within' ? { ...base, withinDays: 30 } : m === 'notWithin' ? { ...base, notWithinDays: 30 } : base)
          }
          disabled={disabled}
        />
        {mode === 'range' ? (
          <DatePicker.RangePicker
            aria-label="日期范围"
            allowEmpty={[true, true]}
            value={[c.from ? dayjs(c.from) : null, c.to ? dayjs(c.to) : null]}
            onChange={(r) => setItem(i, { ...base, from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
            disabled={disabled}
          />
        ) : (
          <Space>
            <InputNumber
              aria-label="天数"
              min={1}
              max={3650}
              precision={0}
              value={mode === 'within' ? c.withinDays : c.notWithinDays}
              onChange={(v) =>
                setItem(i, mode === 'within' ? { ...base, withinDays: v ?? undefined } : { ...base, notWithinDays: v ?? undefined })
              }
              disabled={disabled}
            />
            <span>天</span>
          </Space>
        )}
      </Space>
    );
  };

  return (
    <div>
      <Space style={{ marginBottom: 12 }}>
        <Radio.Group value={value.op} onChange={(e) => onChange({ ...value, op: e.target.value })} disabled={disabled}>
          <Radio value="and">满足全部条件</Radio>
          <Radio value="or">满足任一条件</Radio>
        </Radio.Group>
      </Space>
      {value.items.map((c, i) => (
        // Rows have no id of their own; their place is their identity while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} style={{ marginBottom: 12 }}>
          <Space align="start" wrap>
            <Select
              aria-label="条件字段"
              style={{ width: 170 }}
              value={c.field}
              options={FIELD_OPTIONS}
              showSearch
              optionFilterProp="label"
              listHeight={360}
              onChange={(f: string) => setItem(i, newCond(f))}
              disabled={disabled}
            />
            {valueInput(c, i)}
            {!disabled && (
              <Button
                aria-label="删除条件"
                icon={<DeleteOutlined />}
                onClick={() => onChange({ ...value, items: value.items.filter((_, j) => j !== i) })}
              />
            )}
          </Space>
          {showErrors && checked.rowErrors[i] && (
            <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }}>
              {checked.rowErrors[i]}
            </Typography.Text>
          )}
        </div>
      ))}
      {!disabled && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={value.items.length >= RULE_MAX_ITEMS}
          onClick={() => onChange({ ...value, items: [...value.items, newCond('spend')] })}
        >
          添加条件
        </Button>
      )}
      {showErrors && checked.ruleError && (
        <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }}>
          {checked.ruleError}
        </Typography.Text>
      )}
      <div style={{ marginTop: 12 }} aria-live="polite">
        {value.items.length === 0 ? (
          <Typography.Text type="secondary">请添加条件</Typography.Text>
        ) : !checked.rule ? (
          <Typography.Text type="secondary">条件填写完整后统计人数</Typography.Text>
        ) : live.counting && live.count === undefined ? (
          <Typography.Text type="secondary">正在统计…</Typography.Text>
        ) : live.error ? (
          <Typography.Text type="danger">人数统计失败，请稍后重试</Typography.Text>
        ) : (
          <Typography.Text>
            当前符合条件的会员：<Typography.Text strong>{live.count ?? 0}</Typography.Text> 人{live.counting ? '（统计中…）' : ''}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
