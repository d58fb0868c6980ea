// The Undo button of a solo table (docs/protocol.md, "Undo in solo"): shown in solo only, enabled
// when the server's table facts say an undo would be taken now (`table.undo`). A pure view: the
// server decides what an undo takes back, and answers with a state whose event is "undo".

/**
 * Draw the Undo button from the match's kind and the table facts.
 * @param {HTMLButtonElement} btn the button (#undo-btn)
 * @param {{kind?: string} | null} match the match summary
 * @param {{undo?: boolean} | null} table the table facts
 * @param {boolean} busy a move or an undo is on its way
 */
export function renderUndo(btn, match, table, busy) {
  const solo = (match?.kind ?? "solo") === "solo" && typeof table?.undo === "boolean";
  btn.hidden = !solo;
  btn.disabled = !solo || !table.undo || busy;
}
