import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '@/api/client';

interface Option {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: Option[];
  loading?: boolean;
}

interface Props {
  id?: string;
  value?: string[];
  onChange?: (v: string[]) => void;
  placeholder?: string;
}

/** Province / city / district chooser, loaded level by level from GetArea. */
export function AreaCascader({ id, value, onChange, placeholder = '请选择所在地区' }: Props) {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    api.login
      .GetArea({ code: '' }, { quiet: true })
      .then((rows) => setOptions(rows.map((r) => ({ value: r.code, label: r.name, isLeaf: r.leaf }))));
  }, []);
  const loadData = async (selected: Option[]) => {
    const target = selected[selected.length - 1];
    const rows = await api.login.GetArea({ code: target.value }, { quiet: true });
    target.children = rows.map((r) => ({ value: r.code, label: r.name, isLeaf: r.leaf }));
    if (rows.length === 0) target.isLeaf = true;
    setOptions((o) => [...o]);
  };
  return (
    <Cascader<Option>
      id={id}
      options={options}
      loadData={loadData}
      value={value}
      onChange={(v) => onChange?.((v ?? []).map(String))}
      changeOnSelect
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}
