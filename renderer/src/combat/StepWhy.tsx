import { Button, List, Text } from '@mantine/core';
import { useState } from 'react';
import type { Reason } from '../../../core/api/view';

/**
 * Why the step asks what it asks. Reasons said twice (one per dice group) are said once, and a long
 * list folds after its first lines (all of it stays on the page for a screen reader), so the dice box
 * and the main button stay on screen as the step opens.
 */
export function Why({ reasons, fold = 2 }: { reasons: Reason[]; fold?: number }) {
  const [open, setOpen] = useState(false);
  const seen = new Set<string>();
  const distinct = reasons.filter((r) => {
    const key = `${r.rule}\u0000${r.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (distinct.length === 0) return null;
  // Folded at a whole reason, never mid-line; the folded ones stay in the page (hidden) for a screen reader's "show all".
  const folded = distinct.length > fold && !open;
  return (
    <div>
      <List size="lg" spacing={4} data-testid="step-why">
        {distinct.map((r, i) => (
          <List.Item key={i} hidden={folded && i >= fold}>
            <Text span fw={600}>
              {r.rule}:
            </Text>{' '}
            {r.detail}
          </List.Item>
        ))}
      </List>
      {distinct.length > fold && (
        <Button
          variant="subtle"
          size="md"
          px={0}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          data-testid="step-why-fold"
        >
          {open ? 'Show fewer reasons' : whyLabel(distinct.length - fold, fold > 0)}
        </Button>
      )}
    </div>
  );
}

/** "Why: 3 more reasons", or where every reason is folded (a choice, whose options come first) "Why? 3 reasons". */
function whyLabel(hidden: number, more: boolean): string {
  const reasons = `${hidden} ${hidden === 1 ? 'reason' : 'reasons'}`;
  return more ? `Why: ${hidden} more` + reasons.slice(String(hidden).length) : `Why? ${reasons}`;
}
