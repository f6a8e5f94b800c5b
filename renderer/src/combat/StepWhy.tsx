import { Button, List, Text } from '@mantine/core';
import { useState } from 'react';
import type { Reason } from '../../../core/api/view';

/**
 * Why the step asks what it asks. Reasons said twice (one per dice group) are said once, and a long
 * list folds after its first lines (all of it stays on the page for a screen reader), so the dice box
 * and the main button stay on screen as the step opens.
 */
export function Why({ reasons }: { reasons: Reason[] }) {
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
  const folded = distinct.length > 2 && !open;
  return (
    <div>
      <List size="lg" spacing={4} data-testid="step-why">
        {distinct.map((r, i) => (
          <List.Item key={i} hidden={folded && i >= 2}>
            <Text span fw={600}>
              {r.rule}:
            </Text>{' '}
            {r.detail}
          </List.Item>
        ))}
      </List>
      {distinct.length > 2 && (
        <Button
          variant="subtle"
          size="md"
          px={0}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          data-testid="step-why-fold"
        >
          {open
            ? 'Show fewer reasons'
            : `Why: ${distinct.length - 2} more ${distinct.length - 2 === 1 ? 'reason' : 'reasons'}`}
        </Button>
      )}
    </div>
  );
}
