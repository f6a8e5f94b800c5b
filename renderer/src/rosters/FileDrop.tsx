import { Center, Paper, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * While the screen is open, a file dragged anywhere over the window can be dropped to import it
 * (without this the browser would open the file in place of the app). Returns whether a file is
 * being dragged over, for `DropOverlay`.
 */
export function useFileDrop(onFile: (file: File) => void): boolean {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const latest = useRef(onFile);
  useEffect(() => {
    latest.current = onFile;
  });
  useEffect(() => {
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current += 1;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (file) latest.current(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return dragging;
}

/** What the window shows while a file is dragged over it. */
export function DropOverlay() {
  return (
    <Center
      pos="fixed"
      inset={0}
      bg="rgba(255, 255, 255, 0.85)"
      style={{ zIndex: 300, pointerEvents: 'none' }}
      data-testid="drop-overlay"
    >
      <Paper withBorder p="xl" radius="lg" bd="3px dashed var(--mantine-color-indigo-6)" maw={560}>
        <Stack align="center" gap="sm">
          <IconFileImport size={56} color="var(--mantine-color-indigo-6)" />
          <Text size="xl" fw={700} ta="center">
            Drop the roster file to import it
          </Text>
          <Text size="lg" ta="center">
            A Combat Companion .ccroster.json, or a BattleScribe or New Recruit roster (.ros, .rosz). You will see what
            it holds before anything is saved.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
