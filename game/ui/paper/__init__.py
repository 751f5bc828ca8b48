"""Paper: a worksheet a child did on paper entered by the teacher, and the Print screen (worksheets
and progress cards as PDF files)."""
