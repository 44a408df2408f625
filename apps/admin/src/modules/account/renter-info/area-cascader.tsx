import { Cascader } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '@/api/client';

interface Option {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: Option[];
}

interface Props {
  id?: string;
  value?: string[];
  onChange?: (v: string[]) => void;
  disabled?: boolean;
}

const load = async (code: string): Promise<Option[]> =>
  (await api.account.GetAllArea({ code }, { quiet: true })).map((r) => ({ value: r.code, label: r.name, isLeaf: r.leaf }));

/**
 * 所在地区: province / city / district from GetAllArea, level by level. A saved value has its levels loaded up front so
 * the names show.
 */
export function AreaCascader({ id, value, onChange, disabled }: Props) {
  const [options, setOptions] = useState<Option[]>([]);
  const preloaded = useRef(false);
  useEffect(() => {
    load('').then(setOptions);
  }, []);
  useEffect(() => {
    if (preloaded.current || options.length === 0 || !value?.length) return;
    preloaded.current = true;
    (async () => {
      let level = options;
      for (const code of value.slice(0, -1)) {
        const node = level.find((o) => o.value === code);
        if (!node) break;
        node.children ??= await load(code);
        level = node.children;
      }
      setOptions((o) => [...o]);
    })();
  }, [options, value]);
  const loadData = async (selected: Option[]) => {
    const target = selected[selected.length - 1];
    target.children = await load(target.value);
    if (target.children.length === 0) target.isLeaf = true;
    setOptions((o) => [...o]);
  };
  return (
    <Cascader<Option>
      id={id}
      options={options}
      loadData={loadData}
      value={value}
      disabled={disabled}
      onChange={(v) => onChange?.((v ?? []).map(String))}
      changeOnSelect
      placeholder="请选择所在地区"
      style={{ width: '100%' }}
    />
  );
}
