"""An editor for a value of a known type: a check box for a bool, a spin box for an int
or a float, a line for a string. Made from the value's default (its type says which), it
gives back a value of the same type.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QDoubleSpinBox
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QSpinBox
from PySide6.QtWidgets import QWidget

#: What an editor holds.
Value = bool | int | float | str

#: The widest an int spin box goes either way (a spin box holds a C int).
INT_LIMIT: Final = 2**31 - 1
#: The widest a float spin box goes either way, and its decimals.
FLOAT_LIMIT: Final = 1e9
FLOAT_DECIMALS: Final = 4


def make_editor(name: str, default: Value) -> QWidget:
    """An editor of ``default``'s type showing ``default``; its object name is ``name``."""
    editor: QWidget
    if isinstance(default, bool):  # before int: a bool is an int
        box = QCheckBox()
        box.setChecked(default)
        editor = box
    elif isinstance(default, int):
        spin = QSpinBox()
        spin.setRange(-INT_LIMIT, INT_LIMIT)
        spin.setValue(default)
        editor = spin
    elif isinstance(default, float):
        double = QDoubleSpinBox()
        double.setDecimals(FLOAT_DECIMALS)
        double.setRange(-FLOAT_LIMIT, FLOAT_LIMIT)
        double.setValue(default)
        editor = double
    else:
        line = QLineEdit(str(default))
        line.setClearButtonEnabled(True)
        editor = line
    editor.setObjectName(name)
    return editor


def editor_value(editor: QWidget) -> Value:
    """The value ``editor`` holds now, of the type it was made for."""
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    if isinstance(editor, QSpinBox):
        return editor.value()
    if isinstance(editor, QDoubleSpinBox):
        return editor.value()
    if isinstance(editor, QLineEdit):
        return editor.text()
    raise TypeError(f"{type(editor).__name__} is not an editor of make_editor's")


def set_editor_value(editor: QWidget, value: Value) -> None:
    """Show ``value`` in ``editor`` (of the type it was made for)."""
    if isinstance(editor, QCheckBox):
        editor.setChecked(bool(value))
    elif isinstance(editor, QSpinBox) and isinstance(value, int):
        editor.setValue(value)
    elif isinstance(editor, QDoubleSpinBox) and isinstance(value, int | float):
        editor.setValue(float(value))
    elif isinstance(editor, QLineEdit):
        editor.setText(str(value))


def changed_signal_of(editor: QWidget) -> object:
    """The signal ``editor`` emits when its value changes."""
    if isinstance(editor, QCheckBox):
        return editor.toggled
    if isinstance(editor, QSpinBox | QDoubleSpinBox):
        return editor.valueChanged
    if isinstance(editor, QLineEdit):
        return editor.textChanged
    raise TypeError(f"{type(editor).__name__} is not an editor of make_editor's")
