export { formsHandlers, fromOrderHandlers } from './forms.routes';
export { checkAnswers, toDetailItem } from './answers';
export { formRepo, submissionRepo } from './forms.repository';
export { openState, FORM_GONE } from './fill.service';
export { formDetailItems } from './form-data.service';
