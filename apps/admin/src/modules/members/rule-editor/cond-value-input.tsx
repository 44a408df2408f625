import { InputNumber, Select, Space } from 'antd';
import { CHOICES, type CondDraft, kindOf, MONEY_FIELDS } from './rule-draft';
import { TimeCondInput } from './time-cond-input';

const MATCH_OPTIONS = [
  { value: 'any', label: '包含任一' },
  { value: 'all', label: '全部包含' },
  { value: 'none', label: '都不包含' },
];
interface Option {
  value: string;
  label: string;
}

/** What the rule's rows may point at: the levels, tags and cards of the enterprise. */
export interface CondChoices {
  levels: Option[];
  tags: Option[];
  cards: Option[];
  loading: boolean;
}

interface Props {
  cond: CondDraft;
  onChange: (next: CondDraft) => void;
  choices: CondChoices;
  disabled?: boolean;
}

/** The value of one condition, by its field's kind: choices, levels, tags or cards, a number range, or a time. */
export function CondValueInput({ cond: c, onChange, choices, disabled }: Props) {
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
        onChange={(v) => onChange({ ...c, in: v })}
        disabled={disabled}
      />
    );
  if (kind === 'level')
    return (
      <Select
        mode="multiple"
        aria-label="会员等级"
        style={{ minWidth: 240 }}
        placeholder={choices.levels.length ? '请选择会员等级' : '还没有会员等级'}
        loading={choices.loading}
        value={c.in as string[]}
        options={choices.levels}
        optionFilterProp="label"
        onChange={(v) => onChange({ ...c, in: v })}
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
          onChange={(match) => onChange({ ...c, match })}
          disabled={disabled}
        />
        <Select
          mode="multiple"
          aria-label={c.field === 'tags' ? '标签' : '权益卡'}
          style={{ minWidth: 240 }}
          placeholder={c.field === 'tags' ? '请选择标签' : '请选择权益卡'}
          loading={choices.loading}
          value={c.ids}
          options={c.field === 'tags' ? choices.tags : choices.cards}
          optionFilterProp="label"
          onChange={(ids) => onChange({ ...c, ids })}
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
          onChange={(v) => onChange({ ...c, min: num(v) })}
          disabled={disabled}
        />
        <span>至</span>
        <InputNumber
          aria-label="最大值"
          min={0}
          precision={money ? 2 : 0}
          placeholder="最大值"
          value={c.max}
          onChange={(v) => onChange({ ...c, max: num(v) })}
          disabled={disabled}
        />
        {money && <span>元</span>}
      </Space>
    );
  }
  return <TimeCondInput cond={c} onChange={onChange} disabled={disabled} />;
}
