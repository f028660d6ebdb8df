// Driving the chatflow canvas from a browser test: nodes dragged from the palette, handles wired
// with the mouse. Shared by the specs that build flows by hand.
import { expect, type Locator, type Page } from '@playwright/test';

/** Canvas gestures on the page `current()` gives (specs create their page in `beforeAll`). */
export function canvasDriver(current: () => Page) {
  const page = () => current();
  const node = (id: string) => page().locator(`.react-flow__node[data-id="${id}"]`);
  const handle = (handleId: string) => page().locator(`.react-flow__handle[data-handleid="${handleId}"]`);
  /** A node's first output handle; its id ends with the output's base classes. */
  const outputHandle = (nodeId: string) =>
    page().locator(`.react-flow__handle.source[data-handleid^="${nodeId}-output-"]`).first();

  let paneBox: { x: number; y: number } = { x: 0, y: 0 };
  const relativeToPane = (at: { x: number; y: number }) => ({ x: at.x - paneBox.x, y: at.y - paneBox.y });

  /** Opens a new, empty chatflow canvas from the Chatflows list. */
  async function openNewCanvas() {
    await page().goto('/chatflows');
    await page().getByRole('button', { name: 'Add New' }).first().click();
    await expect(page()).toHaveURL(/\/canvas$/);
    await expect(page().locator('.react-flow__pane')).toBeVisible();
  }

  async function measurePane() {
    const box = await page().locator('.react-flow__pane').boundingBox();
    if (!box) throw new Error('The canvas pane is not visible');
    paneBox = { x: box.x, y: box.y };
  }

  /**
   * Drags a node type from the palette and drops it on the canvas at a screen point, then checks the
   * node landed there: the drop handler puts the card's header under the pointer (snapped to 16 px),
   * where a click on the palette item would have put it in the middle of the view.
   */
  async function dragFromPalette(label: string, nodeId: string, at: { x: number; y: number }) {
    // The round "+" button (an empty canvas also has an "Add nodes" text button).
    await page().getByLabel('Add nodes', { exact: true }).click();
    const palette = page().getByRole('dialog', { name: 'Add nodes' });
    await palette.getByRole('textbox', { name: 'Search nodes' }).fill(label);
    const item = palette.getByRole('button', { name: `Add ${label}`, exact: true });
    await item.dragTo(page().locator('.react-flow__pane'), { targetPosition: relativeToPane(at) });
    await expect(palette).toBeHidden(); // a drop closes the palette
    await expect(node(nodeId)).toBeVisible();
    const box = await node(nodeId).boundingBox();
    expect(Math.abs(box!.x - (at.x - 150))).toBeLessThanOrEqual(16);
    expect(Math.abs(box!.y - (at.y - 30))).toBeLessThanOrEqual(16);
  }

  async function center(locator: Locator) {
    // No scrolling into view: that would scroll React Flow's overflow-hidden wrapper.
    await expect(locator).toBeVisible();
    const box = await locator.boundingBox();
    if (!box) throw new Error('The handle is not visible');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** Draws a connection by dragging the mouse from one handle to another. */
  async function connect(from: Locator, to: Locator, { expectEdge = true } = {}) {
    const edges = page().locator('.react-flow__edge');
    const before = await edges.count();
    // Cards may still be settling (measured heights, fonts) when the gesture starts: the target is
    // measured again after the press, and the gesture is tried once more if no edge appeared.
    for (let attempt = 0; attempt < (expectEdge ? 2 : 1); attempt++) {
      const start = await center(from);
      await page().mouse.move(start.x, start.y);
      await page().mouse.down();
      const first = await center(to);
      await page().mouse.move((start.x + first.x) / 2, (start.y + first.y) / 2, { steps: 5 });
      const end = await center(to);
      await page().mouse.move(end.x, end.y, { steps: 8 });
      await page().mouse.move(end.x + 1, end.y, { steps: 2 });
      await page().mouse.up();
      if (
        await expect
          .poll(() => edges.count(), { timeout: 2_000 })
          .toBeGreaterThan(before)
          .then(
            () => true,
            () => false,
          )
      )
        return;
    }
  }

  return { node, handle, outputHandle, openNewCanvas, measurePane, relativeToPane, dragFromPalette, connect };
}
