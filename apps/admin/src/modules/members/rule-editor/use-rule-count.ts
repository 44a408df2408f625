import { useQuery } from '@tanstack/react-query';
import type { MemberRule } from '@contract/index';
import { useEffect, useMemo, useState } from 'react';
import { api } from '@/api/client';
import { describeRule } from './rule-draft';

/** How long the editor waits after the last change before counting. */
export const COUNT_DEBOUNCE_MS = 500;

/** The live count of a complete rule (CountRule, one count query on the server), debounced while it is edited. */
export function useRuleCount(rule: MemberRule | null) {
  const key = rule ? JSON.stringify(rule) : '';
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const t = setTimeout(() => setSettled(key), COUNT_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [key]);
  const q = useQuery({
    queryKey: ['members', 'rule-count', settled],
    queryFn: () => api.memberGroups.CountRule({ rule: JSON.parse(settled) as MemberRule }, { quiet: true, silent: true }),
    enabled: settled !== '',
    staleTime: 10_000,
  });
  return { count: q.data?.count, counting: settled !== key || q.isFetching, error: q.error };
}

/** The rule editor's options (levels, tags, cards): RuleOptions. */
export function useRuleOptions() {
  return useQuery({
    queryKey: ['members', 'rule-options'],
    queryFn: () => api.memberGroups.RuleOptions({}, { quiet: true }),
    staleTime: 60_000,
  });
}

/** describeRule with the names of the levels, tags and cards the rules point at (the lists of tags and groups). */
export function useDescribeRule() {
  const { data } = useRuleOptions();
  return useMemo(() => {
    const names = {
      levels: new Map((data?.levels ?? []).map((l) => [l.id, l.name])),
      tags: new Map((data?.tags ?? []).map((l) => [l.id, l.name])),
      cards: new Map((data?.cards ?? []).map((l) => [l.id, l.name])),
    };
    return (rule: MemberRule) => describeRule(rule, names);
  }, [data]);
}
