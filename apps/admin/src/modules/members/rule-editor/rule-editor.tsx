import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RULE_MAX_ITEMS } from '@contract/index';
import { Button, Radio, Select, Space, Typography } from 'antd';
import { type CondChoices, CondValueInput } from './cond-value-input';
import { type CondDraft, type Checked, FIELD_OPTIONS, newCond, type RuleDraft } from './rule-draft';
import { useRuleCount, useRuleOptions } from './use-rule-count';

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
  const choices: CondChoices = {
    levels: (options.data?.levels ?? []).map((l) => ({ value: l.id, label: l.needpay ? `${l.name}（付费）` : l.name })),
    tags: (options.data?.tags ?? []).filter((t) => t.id !== excludeTagId).map((t) => ({ value: t.id, label: t.name })),
    cards: (options.data?.cards ?? []).map((c) => ({ value: c.id, label: c.name })),
    loading: options.isLoading,
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
            <CondValueInput cond={c} onChange={(next) => setItem(i, next)} choices={choices} disabled={disabled} />
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
