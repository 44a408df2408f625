import { type contract, type DataOf, OP_NAMES, OPS } from '@contract/index';
import { Checkbox, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type GrantEntry, tickState, toggleAll, toggleOp } from './grants';

type Areas = DataOf<typeof contract.team.GetRoleMenu>;
type Entry = Areas[number]['groups'][number]['entries'][number];

interface Row {
  key: string;
  area: string;
  group: { key: string; name: string; entries: GrantEntry[] };
  /** Rows the group cell spans (0 on the group's later rows). */
  span: number;
  entry: Entry;
}

interface Props {
  areas: Areas;
  value?: string[];
  onChange?: (grants: string[]) => void;
  disabled?: boolean;
}

function rowsOf(areas: Areas): Row[] {
  return areas.flatMap((a) =>
    a.groups.flatMap((g) =>
      g.entries.map((e, i) => ({
        key: e.key,
        area: a.name,
        group: { key: g.key, name: g.name, entries: g.entries },
        span: i === 0 ? g.entries.length : 0,
        entry: e,
      })),
    ),
  );
}

/**
 * The grants of a role as a table: per sub-group and entry, a checkbox for each operation the entry has (查看 编辑 删除
 * 导出). Ticking any operation ticks 查看; a group checkbox and 全选 tick everything below them. A form control (value:
 * grant keys).
 */
export function PermissionTable({ areas, value = [], onChange, disabled }: Props) {
  const grants = new Set(value);
  const set = (next: Set<string>) => onChange?.([...next]);
  const rows = rowsOf(areas);
  const everything = areas.flatMap((a) => a.groups.flatMap((g) => g.entries));
  const all = tickState(grants, everything);

  const columns: ColumnsType<Row> = [
    {
      title: '模块',
      key: 'group',
      width: 200,
      onCell: (r) => ({ rowSpan: r.span }),
      render: (_, r) => {
        const state = tickState(grants, r.group.entries);
        return (
          <Checkbox
            aria-label={`${r.group.name}全部`}
            disabled={disabled}
            {...state}
            onChange={(e) => set(toggleAll(grants, r.group.entries, e.target.checked))}
          >
            <Typography.Text type="secondary">{r.area} / </Typography.Text>
            {r.group.name}
          </Checkbox>
        );
      },
    },
    {
      title: '菜单',
      key: 'entry',
      render: (_, r) => (
        <Space size={4}>
          {r.entry.name}
          {r.entry.hidden && <Tag>页面</Tag>}
        </Space>
      ),
    },
    ...OPS.map((op) => ({
      title: OP_NAMES[op],
      key: op,
      width: 90,
      align: 'center' as const,
      render: (_: unknown, r: Row) =>
        r.entry.ops.includes(op) ? (
          <Checkbox
            aria-label={`${r.entry.name}${OP_NAMES[op]}`}
            disabled={disabled}
            checked={grants.has(op === 'view' ? r.entry.key : `${r.entry.key}:${op}`)}
            onChange={(e) => set(toggleOp(grants, r.entry, op, e.target.checked))}
          />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    })),
  ];

  return (
    <>
      <Checkbox
        style={{ marginBottom: 12 }}
        disabled={disabled}
        {...all}
        onChange={(e) => set(toggleAll(grants, everything, e.target.checked))}
      >
        全选
      </Checkbox>
      <Table<Row> rowKey="key" size="small" bordered pagination={false} columns={columns} dataSource={rows} />
    </>
  );
}
