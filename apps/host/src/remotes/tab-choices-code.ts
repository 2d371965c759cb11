// The chunk a tab downloads only when it asked for a preview or set overrides (tab-choices.ts).
export { loadPreview, requestedPreview, type PreviewResult } from './preview';
export { applyOverrides, policyOf, readOverrides, type Overrides } from './overrides';
