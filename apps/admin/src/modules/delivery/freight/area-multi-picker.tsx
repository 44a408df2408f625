import { Cascader } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { type AreaOption as Option, areaOptions } from '@/shared/area-cascader';

interface Props {
  id?: string;
  value?: string[];
  onChange?: (v: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * Provinces and cities to choose many of (a freight template's regions): a whole province or some of its cities.
 * Values are the codes chosen (province '44' or city '4403'); the provinces of chosen cities are loaded so names show.
 */
export function AreaMultiPicker({ id, value = [], onChange, placeholder = '请选择省 / 市', disabled }: Props) {
  const [options, setOptions] = useState<Option[]>([]);
  const ref = useRef<Option[]>([]);
  ref.current = options;
  const key = value.join(',');

  useEffect(() => {
    let alive = true;
    (async () => {
      let top = ref.current.length ? [...ref.current] : await areaOptions('', false);
      for (const code of new Set(
        key
          .split(',')
          .filter((c) => c.length === 4)
          .map((c) => c.slice(0, 2)),
      )) {
        const p = top.find((o) => o.value === code);
        if (p && !p.children) p.children = await areaOptions(code, true);
      }
      top = [...top];
      if (alive) setOptions(top);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [key]);

  const loadData = async (selected: Option[]) => {
    const target = selected[selected.length - 1];
    target.children = await areaOptions(target.value, true);
    setOptions((o) => [...o]);
  };

  return (
    <Cascader<Option>
      id={id}
      multiple
      options={options}
      loadData={loadData}
      value={value.map((c) => (c.length === 4 ? [c.slice(0, 2), c] : [c]))}
      onChange={(paths) => onChange?.((paths ?? []).map((p) => String(p[p.length - 1])))}
      showCheckedStrategy={Cascader.SHOW_PARENT}
      placeholder={placeholder}
      disabled={disabled}
      maxTagCount="responsive"
      showSearch={false}
      style={{ width: '100%' }}
    />
  );
}
