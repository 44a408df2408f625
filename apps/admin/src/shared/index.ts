export { clampPage, pageCountOf, type ClampedPage } from './pagination/clamp-page';
export {
  DEFAULT_INNER_PAGE_SIZE,
  DEFAULT_PAGE_INDEX,
  DEFAULT_PAGE_SIZE_OPTIONS,
  DEFAULT_WRAPPER_PAGE_SIZE,
  Pager,
  type PagerProps,
  totalText,
} from './pagination/pagination';
export {
  boundsOf,
  DATE_PRESETS,
  DATE_TIME_FORMAT,
  type DatePreset,
  type DateRangeValue,
  formatRange,
  presetLabel,
  presetOfLabel,
  rangeOf,
} from './date-range/date-range';
export { ALL_TIME, DateRangePicker, type DateRangePickerProps } from './date-range/date-range-picker';
export { BUTTON_DEBOUNCE_MS, DebouncedButton } from './debounced-button';
export { AMOUNT_DECIMALS, toAmount, toDigits } from './number-input';
export { AmountInput, DigitsInput, type FilteredInputProps } from './number-fields';
export { LOADING_GRACE_MS, FullScreenLoading, useLoading, withLoading } from './loading';
export { EXCEPTION_TEXTS, ExceptionPage, type ExceptionPageProps, type ExceptionStatus } from './exception';
export { useMessage } from './use-message';
export { type ListState, type Sorter, useListState, useUrlListState } from './list/use-list-state';
export { ImageUpload } from './image-upload/image-upload';
export { ListSearch, type ListSearchValue } from './list/list-search';
export { LIST_PAGE_SIZES, ListTable } from './list/list-table';
export { Can } from './can';
export { AreaCascader } from './area-cascader';
export { SmsCodeButton } from './sms-code-button';
export { PaySandboxNotice, usePaySandbox } from './pay-sandbox-notice';
export { PAY_QR_SIZE, PayQr } from './pay-qr';
export { preventEnterSubmit, UNSAVED_TEXT, UNSAVED_TITLE, useUnsavedGuard } from './use-unsaved-guard';
