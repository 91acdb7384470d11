import { ApiCallError } from '@shop/shared';
import { withReason } from './failure';

const refused = (status: number, message?: string) => new ApiCallError({ status, data: message === undefined ? {} : { message } });

describe('withReason (issue 19)', () => {
  it("adds the server's reason to SPEC's text when the server refused the request", () => {
    expect(withReason('Failed to Add Currency.', refused(409, 'A currency with code CHF already exists'))).toBe('Failed to Add Currency. A currency with code CHF already exists.');
    expect(withReason('Failed to Update Product Details.', refused(400, 'title must NOT have fewer than 1 characters'))).toBe(
      'Failed to Update Product Details. Title must NOT have fewer than 1 characters.',
    );
    expect(withReason('Failed to Delete Image.', refused(404, 'No image at index 3.'))).toBe('Failed to Delete Image. No image at index 3.');
  });

  it("keeps SPEC's text alone for a server error, no answer, a lost session or no reason", () => {
    expect(withReason('Failed to Add Currency.', refused(500, 'boom'))).toBe('Failed to Add Currency.');
    expect(withReason('Failed to Add Currency.', new ApiCallError(undefined))).toBe('Failed to Add Currency.');
    expect(withReason('Failed to Add Currency.', refused(401, 'Authentication required'))).toBe('Failed to Add Currency.');
    expect(withReason('Failed to Add Currency.', refused(400))).toBe('Failed to Add Currency.');
    expect(withReason('Failed to Add Currency.', new Error('x'))).toBe('Failed to Add Currency.');
  });
});
