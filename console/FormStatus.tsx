/** Where a form says how its last submission went: the refusal as an alert, success as a status. */
export function FormStatus(props: { error: string | null; notice: string | null }) {
  return (
    <>
      {props.error && (
        <p role="alert" className="error">
          {props.error}
        </p>
      )}
      {props.notice && (
        <p role="status" className="notice">
          {props.notice}
        </p>
      )}
    </>
  );
}
